// expect: RangeError|OutOfMemory|StackOverflow|InternalError
// category: bomb-growth
Math.max(...new Array(5_000_000).fill(1))
