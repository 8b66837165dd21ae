// expect: OutOfMemory
// category: bomb-memory
const keep = [];
while (true) keep.push(new Array(100000).fill(1));
