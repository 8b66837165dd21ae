// expect: ok|StackOverflow|TypeError|ToolError|ToolInputError
// category: bomb-json
let deep = 'bottom';
for (let i = 0; i < 3000; i++) deep = { deep };
const echoed = await tools.echo(deep);
let depth = 0;
for (let node = echoed; typeof node === 'object'; node = node.deep) depth++;
depth
