// expect: Timeout
// category: bomb-promises
function again() { queueMicrotask(again) }
again();
await new Promise(() => {})
