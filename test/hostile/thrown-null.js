// expect: Error
// expect-text: ^<error type="Error">null</error>$
throw null
