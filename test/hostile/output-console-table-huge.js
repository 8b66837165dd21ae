// expect: ok
// category: bomb-output
console.table(Array.from({ length: 100_000 }, (_, i) => ({ i, square: i * i })));
'tabled'
