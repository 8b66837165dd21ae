// expect: OutOfMemory|RangeError|InternalError
// category: bomb-growth
new Array(100_000).join('s'.repeat(10_000)).length
