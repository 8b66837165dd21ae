// expect: TypeError|StackOverflow|Timeout|ToolInputError
// category: bomb-stack
// neighbours: may-restart
let deep = {};
for (let i = 0; i < 200_000; i++) deep = { deep };
await tools.echo(deep)
