// expect: RangeError|OutOfMemory|InternalError
// category: bomb-growth
'x'.padEnd(2 ** 30, 'abc')
