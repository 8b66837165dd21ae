// expect: OutOfMemory|Timeout
// category: bomb-memory
const set = new Set();
for (let i = 0; ; i++) set.add('member' + i);
