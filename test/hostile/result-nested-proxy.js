// expect: ok
// category: rendering
// expect-text: \{ inner: \{ a: 1 \} \}
({ inner: new Proxy({ a: 1 }, { ownKeys() { throw new Error('trap') } }) })
