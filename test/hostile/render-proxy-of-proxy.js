// expect: Timeout
// category: rendering
// KNOWN BUG: a proxy whose target is another proxy is rendered by formatting the inner proxy as
// an ordinary object, which runs its traps (Node's util.inspect does the same). The traps run
// under the eval's budget, so the eval ends as Timeout; the README promises traps never run.
const loop = () => { while (true) {} };
new Proxy(new Proxy({ a: 1 }, { get: loop, ownKeys: loop, getOwnPropertyDescriptor: loop }), {})
