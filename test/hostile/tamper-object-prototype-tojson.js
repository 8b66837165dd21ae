// expect: ok
// category: tampering
// expect-value: {"forged":true}
// An inherited toJSON shapes the program's own JSON (here its tool arguments: JSON.stringify's
// rules), never the prelude's reports to the host: the result arrives as the tool returned it.
Object.prototype.toJSON = function () { return { forged: true } };
await tools.echo({ a: 1 })
