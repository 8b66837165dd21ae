// expect: ToolError
// category: tool-host
await tools.weirdResult({ kind: 'throwing-proxy' })
