// expect: Timeout
// category: bomb-regex
/^(a|a)*$/.test('a'.repeat(40) + 'b')
