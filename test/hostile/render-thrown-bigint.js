// expect: Error
// category: rendering
// expect-text: ^<error type="Error">10n</error>$
throw 10n
