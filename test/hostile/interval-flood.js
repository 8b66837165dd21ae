// expect: Timeout
setInterval(() => {}, 0);
await new Promise(() => {});
