// expect: ToolInputError
// category: tool-arguments
// expect-text: maxToolPayloadBytes
// 600,000 UTF-16 units but 1.2 MB of UTF-8: the byte size counts.
await tools.echo('😀'.repeat(300_000))
