// expect: RangeError
// category: bomb-promises
await Promise.resolve(1).finally(() => { throw new RangeError('from finally') })
