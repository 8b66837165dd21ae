// expect: Timeout
// category: bomb-cpu
// requires: watchdog
// indexOf over a huge sparse array never polls the interrupt: only the watchdog can stop it.
Array(2 ** 32 - 1).indexOf(1)
