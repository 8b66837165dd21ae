// expect: RangeError
// category: bomb-timers
setTimeout(() => { throw new RangeError('from a timer') }, 5);
await new Promise((resolve) => setTimeout(resolve, 100));
