// expect: ok
// category: tool-arguments
// expect-value: 1000000
(await tools.echo('y'.repeat(1_000_000))).length
