// expect: ok|Error
// category: tampering
// next-eval: any
const then = Promise.prototype.then;
Promise.prototype.then = function (onOk, onError) { return then.call(this, () => onOk && onOk('hijacked'), onError) };
Promise.resolve = () => { throw new Error('no resolve') };
await tools.echo('real')
