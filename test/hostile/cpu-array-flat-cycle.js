// expect: StackOverflow|OutOfMemory|RangeError|Timeout
// category: bomb-cpu
const a = [[]];
a[0].push(a);
a.flat(Infinity).length
