// expect: ok
// category: tool-arguments
// expect-value: [{"polluted":"yes"},"undefined"]
// A "__proto__" key travels as data: neither the host nor this thread is polluted.
const echoed = await tools.echo(JSON.parse('{"__proto__": {"polluted": "yes"}}'));
[Object.getOwnPropertyDescriptor(echoed, '__proto__')?.value, typeof ({}).polluted]
