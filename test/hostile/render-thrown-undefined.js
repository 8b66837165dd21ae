// expect: Error
// category: rendering
// expect-text: ^<error type="Error">undefined</error>$
throw undefined
