// expect: ok
// category: tampering
// expect-value: {"n":1}
Function.prototype.call = () => 'hijacked call';
Function.prototype.apply = () => 'hijacked apply';
Function.prototype.bind = () => () => 'hijacked bind';
await tools.echo({ n: 1 })
