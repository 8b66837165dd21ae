// expect: ok
// category: tool-arguments
// expect-value: [42,"text",null,true,{}]
[await tools.echo(42), await tools.echo('text'), await tools.echo(null), await tools.echo(true), await tools.echo()]
