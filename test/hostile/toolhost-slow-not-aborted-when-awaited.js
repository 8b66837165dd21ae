// expect: ok
// category: tool-host
// expect-value: {"slept":30,"aborted":false}
await tools.slow({ ms: 30 })
