// expect: ok
// category: tampering
// expect-value: "ok"
globalThis.Promise = function FakePromise() { throw new Error('no promises') };
const value = await tools.echo('ok');
value
