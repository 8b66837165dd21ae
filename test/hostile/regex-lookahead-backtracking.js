// expect: Timeout
// category: bomb-regex
/^(?=(a+)+b)/.test('a'.repeat(40))
