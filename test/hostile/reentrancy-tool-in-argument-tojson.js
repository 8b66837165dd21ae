// expect: ok
// category: reentrancy
// expect-value: [{"outer":1},{"inner":1}]
let inner;
const outer = await tools.echo({ toJSON() { inner = tools.echo({ inner: 1 }); return { outer: 1 } } });
[outer, await inner]
