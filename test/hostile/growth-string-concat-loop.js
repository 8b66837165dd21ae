// expect: OutOfMemory|RangeError|InternalError|Timeout
// category: bomb-growth
let s = '';
for (;;) s += 'abcdefgh'.repeat(1000);
