// expect: ToolInputError
// category: tool-arguments
await tools.strictInput([2])
