// expect: TaskError
// category: tool-host
// expect-text: maxToolPayloadBytes
await task({ description: 'huge', subagentType: 'general' })
