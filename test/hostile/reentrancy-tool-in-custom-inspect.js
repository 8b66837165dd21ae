// expect: ok
// category: reentrancy
// expect-text: ^<result>inspected</result>$
// A tool call made while the result is being rendered: the eval is over, the call is dropped.
({ [Symbol.for('nodejs.util.inspect.custom')]() { tools.echo({ late: true }); return 'inspected' } })
