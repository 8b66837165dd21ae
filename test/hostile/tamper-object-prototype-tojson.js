// expect: InternalError
// category: tampering
// expect-text: modified the interpreter's own runtime
// An inherited toJSON also reaches the prelude's own reports to the host: the host refuses the
// malformed report and replaces the thread's instance (its state is lost, with a warning).
Object.prototype.toJSON = function () { return { forged: true } };
await tools.echo({ a: 1 })
