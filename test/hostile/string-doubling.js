// expect: OutOfMemory|RangeError|InternalError
let s = 'x';
while (true) s += s;
