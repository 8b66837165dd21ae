// expect: OutOfMemory|RangeError|InternalError|SyntaxError
// category: bomb-memory
JSON.parse('"' + 'x'.repeat(20_000_000) + '"').length
