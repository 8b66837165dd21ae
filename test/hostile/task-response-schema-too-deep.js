// expect: TypeError
// category: tool-arguments
// Nine schema levels (each `items` is one level deeper than its parent; at most 8).
await task({ description: 'd', subagentType: 'general', responseSchema: { items: { items: { items: { items: { items: { items: { items: { items: { items: {} } } } } } } } } } })
