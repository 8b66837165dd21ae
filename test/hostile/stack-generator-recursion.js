// expect: StackOverflow
// category: bomb-stack
function* deeper() { yield* deeper() }
deeper().next()
