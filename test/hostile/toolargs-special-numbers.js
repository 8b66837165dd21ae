// expect: ok
// category: tool-arguments
// expect-value: {"nan":null,"inf":null,"negZero":0}
await tools.echo({ nan: NaN, inf: -Infinity, negZero: -0 })
