// expect: TypeError
// category: tool-arguments
// expect-text: ^<error type="TypeError">echo: the arguments must be JSON data
await tools.echo(() => 1)
