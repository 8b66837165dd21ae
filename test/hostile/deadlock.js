// expect: Deadlock
// category: bomb-promises
await new Promise(() => {})
