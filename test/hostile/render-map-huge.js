// expect: ok
// category: rendering
// expect-text: more items
new Map(Array.from({ length: 20_000 }, (_, i) => [i, { i }]))
