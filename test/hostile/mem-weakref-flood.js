// expect: OutOfMemory|Timeout
// category: bomb-memory
const refs = [];
for (;;) refs.push(new WeakRef({ payload: new Array(100) }));
