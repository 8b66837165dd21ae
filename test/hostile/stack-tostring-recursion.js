// expect: StackOverflow
// category: bomb-stack
const o = { toString() { return String(o) } };
String(o)
