// expect: ToolError
// category: reentrancy
await tools.returnsThenable({ kind: 'rejects-null-prototype' })
