// expect: OutOfMemory|RangeError|InternalError
// category: bomb-growth
let s = 'x';
while (true) s += s;
