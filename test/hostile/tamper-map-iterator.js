// expect: ok
// category: tampering
// next-eval: any
Map.prototype[Symbol.iterator] = function* () { while (true) yield ['k', 'v'] };
Map.prototype.entries = Map.prototype[Symbol.iterator];
new Map([['a', 1]])
