// expect: ToolInputError
// category: tool-arguments
// expect-text: strictInput
await tools.strictInput({ n: 'two' })
