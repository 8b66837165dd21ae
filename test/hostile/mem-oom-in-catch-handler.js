// expect: OutOfMemory
// category: bomb-memory
const keep = [];
try { for (;;) keep.push(new Array(10000).fill(1)) } catch { for (;;) keep.push(new Array(10000).fill(2)) }
