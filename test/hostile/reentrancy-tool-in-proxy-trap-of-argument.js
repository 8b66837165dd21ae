// expect: ok
// category: reentrancy
// expect-value: {"a":1}
const args = new Proxy({}, {
  ownKeys() { tools.echo('from a trap'); return ['a'] },
  getOwnPropertyDescriptor() { return { value: 1, enumerable: true, configurable: true } },
  get(target, key) { return key === 'a' ? 1 : undefined },
});
await tools.echo(args)
