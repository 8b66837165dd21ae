// expect: ok
// category: escape
// expect-value: "undefined"
// No Atomics.wait: it would block the engine (and the host, in inline mode).
typeof Atomics
