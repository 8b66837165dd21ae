// expect: ok
// category: rendering
// expect-text: \[Object\]
let deep = {};
for (let i = 0; i < 20_000; i++) deep = { deep };
deep
