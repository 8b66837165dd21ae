// expect: OutOfMemory|ok
// category: bomb-memory
// next-eval: any
// The program keeps the memory full (a global), so its own next eval may run out of memory too.
// Memory is full to the brim when the result must be rendered.
globalThis.hog = [];
try { for (;;) hog.push('z'.repeat(64) + hog.length) } catch {}
({ rendered: 'needs memory', list: [1, 2, 3] })
