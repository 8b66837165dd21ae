// expect: StackOverflow
// category: bomb-stack
const o = { get x() { return this.x } };
o.x
