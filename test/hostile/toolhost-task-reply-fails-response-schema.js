// expect: TaskError
// category: tool-host
// expect-text: responseSchema
await task({ description: 'plain text', subagentType: 'general', responseSchema: { type: 'object' } })
