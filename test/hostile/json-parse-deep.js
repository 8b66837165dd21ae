// expect: StackOverflow
JSON.parse('['.repeat(300000) + ']'.repeat(300000))
