// expect: Deadlock
// category: bomb-promises
let total = 0;
for (let i = 0; i < 1000; i++) total += i;
await new Promise((resolve) => { if (total < 0) resolve() })
