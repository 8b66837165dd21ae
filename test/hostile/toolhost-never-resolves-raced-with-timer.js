// expect: Timeout
// category: tool-host
// Virtual time stands still while a call is in flight: the timer cannot win; the wall limit ends it.
await Promise.race([tools.neverResolves(), new Promise((resolve) => setTimeout(resolve, 10))])
