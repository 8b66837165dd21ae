// expect: SyntaxError|StackOverflow|InternalError
// category: bomb-stack
eval('['.repeat(200_000) + ']'.repeat(200_000))
