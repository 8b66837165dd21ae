// expect: OutOfMemory|Timeout
// category: bomb-memory
const map = new Map();
for (let i = 0; ; i++) map.set(i, { i });
