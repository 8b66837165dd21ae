// expect: OutOfMemory|RangeError|Timeout
// category: bomb-memory
const a = [];
a.length = 2 ** 32 - 1;
a.fill(0)
