// expect: Timeout
/(a+)+$/.test('a'.repeat(40) + '!')
