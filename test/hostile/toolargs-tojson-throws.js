// expect: TypeError
// category: tool-arguments
await tools.echo({ toJSON() { throw new Error('no json for you') } })
