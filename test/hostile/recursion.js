// expect: StackOverflow
// category: bomb-stack
function f() { return f() + 1 }
f()
