// expect: TypeError
// category: tool-arguments
await tools.echo({ get boom() { throw new Error('getter') } })
