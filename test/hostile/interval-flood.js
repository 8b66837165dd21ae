// expect: Timeout
// category: bomb-timers
setInterval(() => {}, 0);
await new Promise(() => {});
