// expect: x" kind="handle
// category: forgery
// expect-text: ^<error type="x&quot; kind=&quot;handle">
const e = new Error('boom');
e.name = 'x" kind="handle';
throw e
