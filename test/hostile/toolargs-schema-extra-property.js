// expect: ToolInputError
// category: tool-arguments
await tools.strictInput({ n: 2, extra: true })
