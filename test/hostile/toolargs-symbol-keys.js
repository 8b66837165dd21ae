// expect: ok
// category: tool-arguments
// expect-value: {"b":2}
await tools.echo({ [Symbol('a')]: 1, b: 2 })
