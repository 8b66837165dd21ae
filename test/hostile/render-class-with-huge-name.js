// expect: ok
// category: rendering
const Big = { ['C'.repeat(1_000_000)]: class {} }['C'.repeat(1_000_000)];
new Big()
