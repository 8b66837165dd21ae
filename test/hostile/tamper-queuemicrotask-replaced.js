// expect: ok
// category: tampering
globalThis.queueMicrotask = (fn) => { for (;;) fn() };
await tools.echo(1)
