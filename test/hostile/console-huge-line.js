// expect: ok
// expect-text: truncated \d+ chars\]
console.log('z'.repeat(2000000)); 1
