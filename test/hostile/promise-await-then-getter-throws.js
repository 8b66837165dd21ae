// expect: Error
// category: bomb-promises
// expect-text: ^<error type="Error">then getter
await { get then() { throw new Error('then getter') } }
