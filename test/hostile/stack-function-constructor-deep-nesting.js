// expect: SyntaxError|StackOverflow|InternalError
// category: bomb-stack
new Function('return ' + '('.repeat(200_000) + '1' + ')'.repeat(200_000))
