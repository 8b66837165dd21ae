// expect: ToolError
// category: tool-host
// expect-text: ^<error type="ToolError">has a cyclic cause</error>$
await tools.throwsNonError({ kind: 'cause-cycle' })
