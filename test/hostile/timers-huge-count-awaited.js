// expect: Timeout|OutOfMemory
// category: bomb-timers
for (let i = 0; i < 100_000; i++) setTimeout(() => {}, i);
await new Promise((resolve) => setTimeout(resolve, 200_000))
