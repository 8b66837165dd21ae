// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">
// Proxy.revocable makes proxies too: rendering must not run their traps either.
const loop = () => { while (true) {} };
Proxy.revocable({ a: 1 }, { get: loop, ownKeys: loop, getOwnPropertyDescriptor: loop, getPrototypeOf: loop, has: loop }).proxy
