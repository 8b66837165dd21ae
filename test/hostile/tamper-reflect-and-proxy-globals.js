// expect: ok
// category: tampering
globalThis.Reflect = undefined;
globalThis.Proxy = function () { return {} };
({ rendered: new Map([[1, { deep: true }]]) })
