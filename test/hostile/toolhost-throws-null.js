// expect: ToolError
// category: tool-host
// expect-text: ^<error type="ToolError">null</error>$
await tools.throwsNonError({ kind: 'null' })
