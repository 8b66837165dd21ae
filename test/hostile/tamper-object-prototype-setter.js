// expect: ok
// category: tampering
// A setter on Object.prototype sees every property the prelude assigns; it must not steal results.
const seen = [];
Object.defineProperty(Object.prototype, 'value', { set(v) { seen.push(v) }, get() { return 'stolen' }, configurable: true });
const echoed = await tools.echo({ secret: 1 });
delete Object.prototype.value;
[echoed, seen.length >= 0]
