// expect: TypeError
// category: tool-arguments
await tools.echo(Symbol('s'))
