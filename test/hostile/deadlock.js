// expect: Deadlock
await new Promise(() => {})
