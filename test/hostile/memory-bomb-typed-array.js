// expect: OutOfMemory|RangeError
new Uint8Array(1024 * 1024 * 1024)
