// expect: ok
// category: rendering
const loop = () => { while (true) {} };
({ inner: Proxy.revocable({ a: 1 }, { ownKeys: loop, getOwnPropertyDescriptor: loop, get: loop }).proxy })
