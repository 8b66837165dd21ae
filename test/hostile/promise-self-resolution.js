// expect: TypeError
// category: bomb-promises
let resolveLater;
const p = new Promise((resolve) => { resolveLater = resolve });
resolveLater(p);
await p
