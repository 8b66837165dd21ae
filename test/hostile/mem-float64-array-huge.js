// expect: RangeError|OutOfMemory
// category: bomb-memory
new Float64Array(2 ** 28)
