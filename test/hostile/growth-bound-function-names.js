// expect: OutOfMemory
// category: bomb-growth
// Each bind prefixes "bound " to the name: the names grow quadratically.
let f = function f() { return 1 };
for (let i = 0; i < 10_000; i++) f = f.bind(null);
f()
