// expect: RangeError|OutOfMemory|Timeout
// category: bomb-cpu
let x = 3n;
for (;;) x *= x;
