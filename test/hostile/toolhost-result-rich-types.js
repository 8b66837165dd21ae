// expect: ok
// category: tool-host
// expect-value: [true,true,true,"bigint",true,true,true]
const [map, set, date, big, missing, regexp, bytes] = await Promise.all(['map', 'set', 'date', 'bigint', 'undefined', 'regexp', 'typed-array'].map((kind) => tools.weirdResult({ kind })));
[map.get('k').deep[1] === 2, set.has('two'), date.getTime() === 86_400_000, typeof big, missing === undefined, regexp.test('aab'), bytes[2] === 3]
