// expect: OutOfMemory|RangeError|InternalError|Timeout
// category: bomb-growth
// neighbours: may-restart
let s = 'a'.repeat(1000);
for (;;) s = s.replaceAll('a', 'aa');
