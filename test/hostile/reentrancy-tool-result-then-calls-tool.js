// expect: ok
// category: reentrancy
// expect-value: 10
let total = 0;
await tools.echo(1).then(async function step(value) { total += value; if (total < 10) return tools.echo(1).then(step) });
total
