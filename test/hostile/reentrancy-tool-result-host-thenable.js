// expect: ok
// category: reentrancy
// expect-value: {"via":"a host thenable"}
await tools.returnsThenable({ kind: 'resolves' })
