// expect: RangeError|OutOfMemory|Timeout
// category: bomb-cpu
// neighbours: may-restart
let x = 3n;
for (;;) x *= x;
