// expect: ok
// category: tool-arguments
// expect-value: ["ToolCallBudgetExceeded",256]
let made = 0;
try { for (;;) { await tools.echo(made); made++ } } catch (error) { [error.name, made] }
