// expect: ok
// category: tool-arguments
// expect-value: {"list":[null,null,3]}
await tools.echo({ gone: undefined, list: [, undefined, 3] })
