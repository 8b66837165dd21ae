// expect: ok
// category: bomb-timers
// expect-value: 0
// Delays beyond 2^31-1 (or NaN, or negative) fire at once, as in browsers and Node.
await new Promise((resolve) => setTimeout(resolve, Infinity));
await new Promise((resolve) => setTimeout(resolve, -5));
await new Promise((resolve) => setTimeout(resolve, NaN));
Date.now()
