// expect: ok
// category: tool-arguments
// expect-value: {"constructor":{"prototype":{"polluted":"yes"}}}
await tools.echo({ constructor: { prototype: { polluted: 'yes' } } })
