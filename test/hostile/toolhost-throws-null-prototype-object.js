// expect: ToolError
// category: tool-host
// An object without a prototype cannot even be turned into a string: still a ToolError, at once.
await tools.throwsNonError({ kind: 'null-prototype' })
