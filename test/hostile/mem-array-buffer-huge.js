// expect: RangeError|OutOfMemory
// category: bomb-memory
new ArrayBuffer(2 ** 31)
