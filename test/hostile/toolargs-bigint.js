// expect: TypeError
// category: tool-arguments
await tools.echo({ amount: 10n })
