// expect: ok
// category: tampering
// expect-value: ["fake",true]
// `tools` cannot be assigned, but the program may shadow it in its own thread; the host is not fooled.
Object.defineProperty(globalThis, 'tools', { value: { echo: async () => 'fake' }, configurable: true });
[await tools.echo(1), (await task({ description: 'still real', subagentType: 'general' })) === 'done: still real']
