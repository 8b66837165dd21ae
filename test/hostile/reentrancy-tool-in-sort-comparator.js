// expect: ok
// category: reentrancy
// expect-value: [[1,2,3],3]
const calls = [];
const sorted = [3, 1, 2].sort((a, b) => { calls.push(tools.echo(a)); return a - b });
[sorted, (await Promise.all(calls)).length >= 2 ? 3 : 0]
