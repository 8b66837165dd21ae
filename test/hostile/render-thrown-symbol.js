// expect: Error
// category: rendering
// expect-text: ^<error type="Error">Symbol\(thrown\)</error>$
throw Symbol('thrown')
