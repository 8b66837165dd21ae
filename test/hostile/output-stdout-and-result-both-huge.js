// expect: ok
// category: bomb-output
console.log('s'.repeat(100_000));
'r'.repeat(100_000)
