// expect: TypeError
// category: tool-arguments
await tools.doesNotExist({ a: 1 })
