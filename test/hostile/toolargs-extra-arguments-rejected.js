// expect: TypeError
// category: tool-arguments
// expect-text: tools\.strictInput takes one input object, not 4 arguments
// Tools take one input object: extra arguments would be silently lost, so the call fails before the host sees it.
await tools.strictInput({ n: 2 }, 'extra', () => {}, Symbol('x'))
