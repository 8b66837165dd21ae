// expect: ToolError
// category: tool-host
await tools.throwsNonError({ kind: 'throwing-proxy' })
