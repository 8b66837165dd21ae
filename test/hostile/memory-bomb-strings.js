// expect: OutOfMemory
// category: bomb-memory
const keep = [];
while (true) keep.push('x'.repeat(65536) + keep.length);
