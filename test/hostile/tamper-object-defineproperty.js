// expect: ok
// category: tampering
Object.defineProperty = () => { throw new Error('hijacked defineProperty') };
Object.defineProperties = Object.defineProperty;
const r = await tools.echo({ a: 1 });
r.a
