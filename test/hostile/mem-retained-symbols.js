// expect: OutOfMemory|Timeout
// category: bomb-memory
const keep = [];
for (;;) keep.push(Symbol('s'.repeat(100)));
