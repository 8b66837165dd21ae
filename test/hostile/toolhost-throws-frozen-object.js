// expect: ToolError
// category: tool-host
// expect-text: ^<error type="ToolError">frozen object</error>$
await tools.throwsNonError({ kind: 'frozen' })
