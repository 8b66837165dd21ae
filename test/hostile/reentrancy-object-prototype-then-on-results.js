// expect: ok
// category: reentrancy
// expect-value: "hijacked"
// A thenable Object.prototype makes every tool result a thenable in this thread only.
Object.prototype.then = function (resolve) { delete Object.prototype.then; resolve('hijacked') };
await tools.echo({ a: 1 })
