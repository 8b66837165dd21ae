// expect: ok
// category: tool-host
// expect-value: 64
(await Promise.all(Array.from({ length: 64 }, () => tools.slow({ ms: 20 })))).length
