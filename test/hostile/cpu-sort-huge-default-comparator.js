// expect: ok|Timeout|OutOfMemory
// category: bomb-cpu
const list = Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 100_000);
list.sort().length
