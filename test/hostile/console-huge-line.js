// expect: ok
// category: bomb-output
// expect-text: truncated \d+ chars\]
console.log('z'.repeat(2000000)); 1
