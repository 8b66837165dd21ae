// expect: Deadlock
// category: tampering
// next-eval: any
// The prelude settles host results with for…of: a hijacked array iterator loses them in this
// thread only (nothing can settle the await, which is reported at once).
Array.prototype[Symbol.iterator] = function* () { yield 'hijacked' };
await tools.echo([1, 2, 3])
