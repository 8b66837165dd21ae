// expect: RangeError|OutOfMemory|StackOverflow|InternalError
// category: bomb-growth
String.fromCharCode.apply(null, new Array(5_000_000).fill(65)).length
