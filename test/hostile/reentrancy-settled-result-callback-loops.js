// expect: Timeout
// category: reentrancy
await tools.echo(1).then(() => { while (true) {} })
