// expect: ok
// category: tampering
globalThis.setTimeout = () => { throw new Error('no timers') };
globalThis.clearTimeout = null;
await tools.slow({ ms: 5 })
