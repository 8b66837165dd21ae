// expect: ok
// category: rendering
const loop = () => { while (true) {} };
new Set([new Proxy({}, { ownKeys: loop, get: loop }), new Proxy([], { get: loop })])
