// expect: ok
// category: tool-host
// expect-value: 20000
Object.keys(await tools.weirdResult({ kind: 'wide' })).length
