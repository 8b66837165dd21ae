// expect: ok
// category: rendering
// expect-text: empty items
const a = [];
a[4294967294] = 1;
a
