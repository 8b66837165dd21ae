// expect: ok
// category: reentrancy
// expect-value: {"n":1}
let pending;
console.log({ [Symbol.for('nodejs.util.inspect.custom')]() { pending = tools.echo({ n: 1 }); return 'logged' } });
await pending
