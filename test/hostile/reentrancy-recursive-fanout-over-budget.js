// expect: ToolCallBudgetExceeded
// category: reentrancy
async function fan(n) { return n === 0 ? tools.echo(1) : Promise.all([fan(n - 1), fan(n - 1)]) }
await fan(10)
