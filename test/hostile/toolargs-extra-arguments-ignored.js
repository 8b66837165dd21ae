// expect: ok
// category: tool-arguments
// expect-value: 4
await tools.strictInput({ n: 2 }, 'extra', () => {}, Symbol('x'))
