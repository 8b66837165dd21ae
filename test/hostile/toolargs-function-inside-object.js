// expect: ok
// category: tool-arguments
// expect-value: {"a":1}
await tools.echo({ f() {}, a: 1 })
