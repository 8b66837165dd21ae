// expect: Deadlock
// category: bomb-promises
await Promise.race([])
