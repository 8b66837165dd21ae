// expect: ToolError
// category: tool-host
// expect-text: cannot be sent to the program
await tools.weirdResult({ kind: 'function' })
