// expect: Timeout
// category: reentrancy
// A host thenable that never settles: the eval ends at wallTimeoutMs.
await tools.returnsThenable({ kind: 'never' })
