// expect: ok
// category: tampering
// next-eval: any
// A frozen global object: later cells cannot declare globals, but the host and the next eval still work.
Object.freeze(globalThis);
'frozen'
