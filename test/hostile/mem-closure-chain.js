// expect: OutOfMemory|Timeout
// category: bomb-memory
let f = () => 0;
for (;;) { const g = f; f = () => g() + 1 }
