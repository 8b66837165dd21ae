// expect: ok
// category: escape
// expect-value: ["undefined","undefined"]
// A with-scope proxy that claims to hold every name cannot conjure globals the realm lacks.
const scope = new Proxy({}, { has: () => true, get: (target, key) => (key === Symbol.unscopables ? undefined : globalThis[key]) });
(function () { with (scope) { return [typeof process, typeof require] } })()
