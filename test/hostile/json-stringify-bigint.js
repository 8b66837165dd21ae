// expect: TypeError
// category: bomb-json
JSON.stringify({ n: 1n })
