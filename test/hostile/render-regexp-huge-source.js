// expect: ok
// category: rendering
new RegExp('a'.repeat(1_000_000))
