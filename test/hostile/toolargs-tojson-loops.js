// expect: Timeout
// category: tool-arguments
await tools.echo({ toJSON() { while (true) {} } })
