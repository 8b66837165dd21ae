// expect: Timeout
// category: bomb-cpu
for (const _ of (function* () { while (true) yield 1 })()) {}
