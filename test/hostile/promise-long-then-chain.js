// expect: ok|OutOfMemory|Timeout|Deadlock
// category: bomb-promises
// (Deadlock: memory can run out inside a reaction job, whose rejection then has nowhere to go,
// so the awaited end of the chain is never settled; seen once.)
let p = Promise.resolve(0);
for (let i = 0; i < 200_000; i++) p = p.then((x) => x + 1);
await p
