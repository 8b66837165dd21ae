// expect: ok|OutOfMemory|Timeout
// category: bomb-growth
JSON.stringify(Array.from({ length: 300_000 }, () => [[[]]]), null, '\t'.repeat(10)).length
