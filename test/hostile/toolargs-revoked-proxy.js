// expect: TypeError
// category: tool-arguments
const { proxy, revoke } = Proxy.revocable({}, {});
revoke();
await tools.echo(proxy)
