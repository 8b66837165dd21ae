// expect: ok
const AsyncFunction = (async () => {}).constructor;
await new AsyncFunction('return typeof process')()
