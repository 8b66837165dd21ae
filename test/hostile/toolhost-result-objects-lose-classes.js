// expect: ok
// category: tool-host
// expect-value: [{"x":1,"y":2},true,{"a":1},{"name":"RangeError","message":"an error as a value"}]
const point = await tools.weirdResult({ kind: 'class-instance' });
const bare = await tools.weirdResult({ kind: 'null-prototype' });
const error = await tools.weirdResult({ kind: 'error' });
[point, Object.getPrototypeOf(point) === Object.prototype, { ...bare }, error]
