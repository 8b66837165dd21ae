// expect: Error
// category: tampering
// expect-text: ^<error type="Error">no push
Array.prototype.push = () => { throw new Error('no push') };
[await tools.echo([1, 2]), await tools.echo([3])]
