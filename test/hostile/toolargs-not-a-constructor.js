// expect: TypeError
// category: tool-arguments
new tools.echo({ a: 1 })
