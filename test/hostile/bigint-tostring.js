// expect: Timeout
// category: bomb-cpu
// requires: watchdog
// BigInt-to-string never polls QuickJS's interrupt handler and is quadratic (~3 s each here);
// join converts the four elements inside one builtin call, with no poll between them.
Array(4).fill(3n ** 600000n).join().length
