// expect: ToolError|ok|StackOverflow
// category: bomb-json
// A 5,000-deep result from the host: it arrives, or fails cleanly (a ToolError when the host stack is too small to encode it).
const value = await tools.weirdResult({ kind: 'deep' });
let depth = 0;
for (let node = value; typeof node === 'object'; node = node.next) depth++;
depth
