// expect: OutOfMemory|Timeout
// category: bomb-memory
let p = Promise.resolve();
for (;;) p = p.then(() => {});
