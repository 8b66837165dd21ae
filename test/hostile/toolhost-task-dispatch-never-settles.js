// expect: Timeout
// category: tool-host
await task({ description: 'never', subagentType: 'general' })
