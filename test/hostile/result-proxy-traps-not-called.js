// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">
new Proxy({ a: 1 }, { get() { while (true) {} }, ownKeys() { while (true) {} }, getOwnPropertyDescriptor() { while (true) {} } })
