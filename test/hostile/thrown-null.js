// expect: Error
// category: rendering
// expect-text: ^<error type="Error">null</error>$
throw null
