// expect: Timeout
function again() { Promise.resolve().then(again) }
again();
await new Promise(() => {});
