// expect: Timeout
// category: bomb-promises
async function* forever() { for (;;) yield await Promise.resolve(1) }
for await (const _ of forever()) {}
