// expect: Error
// category: rendering
const { proxy, revoke } = Proxy.revocable({}, {});
revoke();
throw proxy
