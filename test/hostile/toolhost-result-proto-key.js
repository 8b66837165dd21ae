// expect: ok
// category: tool-host
// expect-value: [true,true,"undefined","undefined"]
const value = await tools.weirdResult({ kind: 'proto-key' });
[Object.hasOwn(value, '__proto__'), Object.getPrototypeOf(value) === Object.prototype, typeof value.polluted, typeof ({}).polluted]
