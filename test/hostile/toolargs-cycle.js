// expect: TypeError
// category: tool-arguments
// expect-text: ^<error type="TypeError">echo: the arguments cannot be sent to the host
const a = { name: 'a' };
a.self = a;
await tools.echo(a)
