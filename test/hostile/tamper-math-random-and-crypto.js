// expect: ok
// category: tampering
Math.random = () => { throw new Error('no randomness') };
globalThis.crypto = { getRandomValues() { throw new Error('nope') } };
await tools.echo({ still: 'works' })
