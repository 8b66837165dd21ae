// expect: OutOfMemory|RangeError
// category: bomb-memory
new Uint8Array(1024 * 1024 * 1024)
