// expect: OutOfMemory|RangeError|Timeout
// category: bomb-growth
let a = [1];
for (;;) a = [...a, ...a];
