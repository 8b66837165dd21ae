// expect: SyntaxError|StackOverflow|InternalError|RangeError
// category: bomb-stack
new RegExp('('.repeat(100_000) + 'a' + ')'.repeat(100_000))
