// expect: TypeError
// category: tool-arguments
await task({ description: 'd', subagentType: 'general', role: 'admin' })
