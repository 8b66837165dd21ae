// expect: Timeout
// category: bomb-promises
const looping = { then(resolve) { Promise.resolve().then(() => looping.then(resolve)) } };
await looping
