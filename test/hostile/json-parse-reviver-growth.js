// expect: ok|OutOfMemory|Timeout
// category: bomb-json
JSON.parse(JSON.stringify(Array(100_000).fill(0)), (key, value) => (Array.isArray(value) ? value.length : [value, value, value]))
