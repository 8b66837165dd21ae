// expect: StackOverflow
// category: bomb-stack
const p = new Proxy({}, { get: (target, key) => p[key] });
p.x
