// expect: ok
// category: tool-host
// expect-value: [true,"loop"]
const loop = await tools.weirdResult({ kind: 'cycle' });
[loop.self === loop, loop.self.self.name]
