// expect: ok
// category: tampering
// expect-value: [true,"yes"]
// Polluting Object.prototype through a tool result reaches this thread only (the harness checks the sentinel).
const result = await tools.echo({});
result.__proto__.pollutedViaResult = 'yes';
const after = await tools.echo({});
const answer = [Object.getPrototypeOf(after) === Object.prototype, after.pollutedViaResult];
delete Object.prototype.pollutedViaResult;
answer
