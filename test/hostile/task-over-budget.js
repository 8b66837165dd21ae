// expect: TaskBudgetExceeded
// category: tool-arguments
await Promise.all(Array.from({ length: 100 }, (_, i) => task({ description: 'd' + i, subagentType: 'general' })))
