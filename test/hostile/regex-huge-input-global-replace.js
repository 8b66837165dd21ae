// expect: ok|OutOfMemory|Timeout
// category: bomb-regex
'ab'.repeat(3_000_000).replace(/a/g, 'aaa').length
