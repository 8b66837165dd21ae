// expect: ok
// category: tool-host
// expect-value: [true,true,true,true,true,true]
const [nan, negZero, inf, negInf] = await tools.weirdResult({ kind: 'special-numbers' });
const sparse = await tools.weirdResult({ kind: 'sparse-array' });
const invalid = await tools.weirdResult({ kind: 'invalid-date' });
[Number.isNaN(nan), Object.is(negZero, -0), inf === Infinity, negInf === -Infinity, !(1 in sparse) && sparse.length === 3, Number.isNaN(invalid.getTime())]
