// expect: StackOverflow
// category: bomb-json
JSON.parse('['.repeat(300000) + ']'.repeat(300000))
