// expect: ok
// category: bomb-timers
// expect-value: 2147483647
await new Promise((resolve) => setTimeout(resolve, 2 ** 31 - 1));
Date.now()
