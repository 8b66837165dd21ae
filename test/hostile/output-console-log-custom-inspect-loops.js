// expect: Timeout
// category: bomb-output
console.log({ [Symbol.for('nodejs.util.inspect.custom')]() { while (true) {} } })
