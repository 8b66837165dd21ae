// expect: Timeout
// category: bomb-promises
function again() { Promise.resolve().then(again) }
again();
await new Promise(() => {});
