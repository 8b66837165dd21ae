// expect: ok|OutOfMemory
// category: bomb-memory
// Catching the out-of-memory error inside the program: the eval still ends, and the thread works.
let caught = 'nothing';
try { const hog = []; for (;;) hog.push(new Array(10000).fill(1)) } catch (error) { caught = String(error) }
caught
