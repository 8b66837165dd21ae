// expect: OutOfMemory|RangeError|Timeout
// category: bomb-growth
Uint8Array.from({ length: 2 ** 31 - 1 }, (_, i) => i).length
