// expect: TaskError
// category: tool-host
await task({ description: 'throw-null-prototype', subagentType: 'general' })
