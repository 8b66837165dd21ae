// expect: ok
// category: reentrancy
// expect-value: [{"x":1},"nested"]
let nested;
const first = await tools.echo({ get x() { nested = tools.echo('nested'); return 1 } });
[first, await nested]
