// expect: Deadlock
// category: bomb-promises
new Promise(() => {})
