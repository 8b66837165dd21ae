// expect: ok
// category: tool-host
// expect-value: true
(await tools.weirdResult({ kind: 'bigint-huge' })) % 7n === 0n
