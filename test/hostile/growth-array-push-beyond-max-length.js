// expect: TypeError|RangeError
// category: bomb-growth
const a = [];
a[2 ** 32 - 2] = 1;
a.push(1, 2)
