// expect: ok
// category: escape
const AsyncFunction = (async () => {}).constructor;
await new AsyncFunction('return typeof process')()
