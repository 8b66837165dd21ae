// expect: Timeout
// category: bomb-json
JSON.parse('[1, 2, 3]', () => { while (true) {} })
