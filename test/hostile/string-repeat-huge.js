// expect: OutOfMemory|RangeError|InternalError
'abc'.repeat(2 ** 29)
