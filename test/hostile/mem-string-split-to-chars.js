// expect: OutOfMemory|Timeout
// category: bomb-memory
'x'.repeat(10_000_000).split('').length
