// expect: ok
// category: tool-arguments
// expect-value: {"date":"1970-01-01T00:00:00.000Z","map":{},"set":{},"regexp":{},"bytes":{"0":1,"1":2}}
await tools.echo({ date: new Date(0), map: new Map([[1, 2]]), set: new Set([1]), regexp: /x/, bytes: new Uint8Array([1, 2]) })
