// expect: AggregateError
// category: bomb-promises
await Promise.any([])
