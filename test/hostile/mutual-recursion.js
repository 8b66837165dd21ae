// expect: StackOverflow
// category: bomb-stack
const a = (n) => b(n + 1), b = (n) => a(n + 1);
a(0)
