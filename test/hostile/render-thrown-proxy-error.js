// expect: Error|Timeout
// category: rendering
const loop = () => { while (true) {} };
throw new Proxy(new Error('proxied'), { get: loop, getPrototypeOf: loop, ownKeys: loop, getOwnPropertyDescriptor: loop })
