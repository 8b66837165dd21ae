// expect: ToolCallBudgetExceeded
// category: tool-arguments
await Promise.all(Array.from({ length: 1000 }, (_, i) => tools.echo(i)))
