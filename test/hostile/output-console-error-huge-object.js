// expect: ok
// category: bomb-output
console.error(new Array(1_000_000).fill({ nested: [1, 2, 3] }));
'logged'
