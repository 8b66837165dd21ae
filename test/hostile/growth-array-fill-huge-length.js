// expect: OutOfMemory|RangeError
// category: bomb-growth
new Array(2 ** 25).fill(0).length
