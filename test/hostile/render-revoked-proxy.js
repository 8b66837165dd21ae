// expect: ok
// category: rendering
const { proxy, revoke } = Proxy.revocable({ a: 1 }, {});
revoke();
proxy
