// expect: Timeout
// category: bomb-promises
// Jobs queued by a stopped eval must not run on in the next one: they are drained with the
// interrupt firing, or the thread restarts.
globalThis.ran = 0;
Promise.resolve().then(function again() { ran++; Promise.resolve().then(again) });
while (true) {}
