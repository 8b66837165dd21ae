// expect: ok
// category: tampering
Object.setPrototypeOf(globalThis, new Proxy({}, { get() { throw new Error('proto trap') }, has() { return true } }));
'swapped'
