// expect: StackOverflow
// category: bomb-stack
async function down(n) { return n === 0 ? 0 : down(n - 1) }
await down(10_000_000)
