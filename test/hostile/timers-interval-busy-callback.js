// expect: Timeout
// category: bomb-timers
setInterval(() => { for (let i = 0; i < 1e6; i++); }, 1);
await new Promise(() => {})
