// expect: TypeError
// category: tool-arguments
await task({ description: 'd', subagentType: 'general', responseSchema: { a: { b: { c: { d: { e: { f: {} } } } } } } })
