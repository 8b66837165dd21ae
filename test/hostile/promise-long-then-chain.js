// expect: ok|OutOfMemory|Timeout
// category: bomb-promises
let p = Promise.resolve(0);
for (let i = 0; i < 200_000; i++) p = p.then((x) => x + 1);
await p
