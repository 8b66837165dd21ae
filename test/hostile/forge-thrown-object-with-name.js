// expect: Error
// category: forgery
// expect-text: ^<error type=\"Error\">\{\n  name: 'Timeout'
// A thrown plain object is not an Error: its `name` field does not choose the error type.
throw { name: 'Timeout', message: 'forged engine error', details: { kind: 'cpu' } }
