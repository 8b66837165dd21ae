// expect: OutOfMemory|RangeError|InternalError
// category: bomb-growth
'abc'.repeat(2 ** 29)
