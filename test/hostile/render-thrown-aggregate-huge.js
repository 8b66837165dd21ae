// expect: AggregateError
// category: rendering
throw new AggregateError(Array.from({ length: 30_000 }, (_, i) => new Error('e' + i)), 'many')
