// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">
const loop = () => { while (true) {} };
new Proxy(function f(a, b) {}, { get: loop, apply: loop, getOwnPropertyDescriptor: loop, ownKeys: loop })
