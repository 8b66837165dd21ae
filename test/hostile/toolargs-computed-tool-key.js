// expect: ok
// category: tool-arguments
// expect-value: {"via":"toPrimitive"}
await tools[{ [Symbol.toPrimitive]: () => 'echo' }]({ via: 'toPrimitive' })
