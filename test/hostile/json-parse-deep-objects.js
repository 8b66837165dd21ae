// expect: StackOverflow
// category: bomb-json
JSON.parse('{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000))
