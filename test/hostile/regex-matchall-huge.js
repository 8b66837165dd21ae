// expect: ok|OutOfMemory|Timeout
// category: bomb-regex
[...'x'.repeat(2_000_000).matchAll(/x/g)].length
