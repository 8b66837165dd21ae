// expect: ok
// category: tampering
// expect-value: [[1,2],"done"]
// expect-text: ^<stdout>\nprinted\n</stdout>
// A proxy put between Array.prototype and Object.prototype answers every toJSON lookup on an
// array with a huge string: the prelude's reports (arrays of calls, of values) must not ask it.
Object.setPrototypeOf(Array.prototype, new Proxy(Object.prototype, {
  get(target, key, receiver) { return key === 'toJSON' ? () => 'x'.repeat(1e6) : Reflect.get(target, key, receiver) },
}));
console.log('printed');
setTimeout(() => {}, 1);
[[1, 2], 'done']
