// expect: StackOverflow
function f() { return f() + 1 }
f()
