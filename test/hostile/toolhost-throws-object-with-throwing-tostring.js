// expect: ToolError
// category: tool-host
await tools.throwsNonError({ kind: 'to-string-throws' })
