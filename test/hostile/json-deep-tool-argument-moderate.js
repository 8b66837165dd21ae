// expect: ToolInputError|StackOverflow|TypeError|ToolError
// category: bomb-json
// Arguments nested more than 1,000 levels are refused by the host (a reviewer and onEvent must be able to JSON.stringify them).
let deep = 'bottom';
for (let i = 0; i < 3000; i++) deep = { deep };
const echoed = await tools.echo(deep);
let depth = 0;
for (let node = echoed; typeof node === 'object'; node = node.deep) depth++;
depth
