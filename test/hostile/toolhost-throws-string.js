// expect: ToolError
// category: tool-host
// expect-text: ^<error type="ToolError">a bare string</error>$
await tools.throwsNonError({ kind: 'string' })
