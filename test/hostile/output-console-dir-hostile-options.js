// expect: Timeout
// category: bomb-output
console.dir({ a: 1 }, { get depth() { while (true) {} } })
