// expect: ToolError
// category: tool-host
await tools.throwsNonError({ kind: 'null-prototype', async: true })
