// expect: Deadlock
// category: bomb-promises
await Promise.all(Array.from({ length: 20_000 }, () => new Promise(() => {})))
