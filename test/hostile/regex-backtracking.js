// expect: Timeout
// category: bomb-regex
/(a+)+$/.test('a'.repeat(40) + '!')
