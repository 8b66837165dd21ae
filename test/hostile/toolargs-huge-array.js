// expect: ToolInputError
// category: tool-arguments
await tools.echo(new Array(600_000).fill(1))
