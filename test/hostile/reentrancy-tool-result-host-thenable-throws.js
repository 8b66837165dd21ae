// expect: ToolError
// category: reentrancy
// expect-text: ^<error type="ToolError">then threw
await tools.returnsThenable({ kind: 'throws' })
