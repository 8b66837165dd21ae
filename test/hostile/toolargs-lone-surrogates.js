// expect: ok
// category: tool-arguments
// expect-value: true
const text = '\ud800 and \udfff';
(await tools.echo({ text })).text === text
