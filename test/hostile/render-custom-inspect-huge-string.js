// expect: ok
// category: rendering
// expect-text: … \[truncated \d+ chars\]</result>$
({ [Symbol.for('nodejs.util.inspect.custom')]() { return 'i'.repeat(5_000_000) } })
