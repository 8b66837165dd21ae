// expect: ToolInputError
// category: tool-arguments
// expect-text: maxToolPayloadBytes
await tools.echo({ text: 'x'.repeat(2_000_000) })
