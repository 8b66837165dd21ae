// expect: OutOfMemory|RangeError|Timeout
// category: bomb-growth
// neighbours: may-restart
let a = [1, 2, 3];
for (;;) a = a.concat(a);
