// expect: ToolError
// category: forgery
// A tool's error name does not become the program's error type: it is always ToolError.
// expect-text: ^<error type="ToolError">renamed
await tools.throwsNonError({ kind: 'custom-name' })
