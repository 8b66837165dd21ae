// expect: Error
// category: rendering
// expect-text: … \[truncated \d+ chars\]</error>$
throw new Error('m'.repeat(8_000_000))
