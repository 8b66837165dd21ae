// expect: Timeout
// requires: watchdog
// BigInt-to-string never polls QuickJS's interrupt handler and is quadratic: minutes of CPU.
(3n ** 2000000n).toString().length
