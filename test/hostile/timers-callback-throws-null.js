// expect: Error
// category: bomb-timers
// expect-text: ^<error type="Error">null</error>$
setTimeout(() => { throw null }, 1);
await new Promise((resolve) => setTimeout(resolve, 10))
