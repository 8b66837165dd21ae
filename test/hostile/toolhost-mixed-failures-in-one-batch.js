// expect: ok
// category: tool-host
// expect-value: ["fulfilled","rejected","rejected","rejected","fulfilled"]
const settled = await Promise.allSettled([
  tools.echo(1),
  tools.throwsNonError({ kind: 'null-prototype' }),
  tools.weirdResult({ kind: 'function' }),
  tools.strictInput({ n: 'x' }),
  tools.slow({ ms: 5 }),
]);
settled.map((entry) => entry.status)
