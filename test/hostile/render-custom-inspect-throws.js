// expect: ok
// category: rendering
// expect-text: ^<result kind="handle">\[value could not be rendered: Error: inspect failed\]</result>$
({ [Symbol.for('nodejs.util.inspect.custom')]() { throw new Error('inspect failed') } })
