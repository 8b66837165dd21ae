// expect: Timeout
// category: bomb-cpu
// requires: watchdog
// neighbours: may-restart
// KNOWN BUG (engine): QuickJS consults the interrupt handler once per ~10,000 ticks, and here every
// tick is a stack-overflow throw at full depth (~1 ms, it builds a full backtrace), so timeoutMs
// overshoots by seconds: inline, the host is blocked until the wall-clock check (4-8 s); in a
// worker, the watchdog may restart the worker, and its other threads restart with it.
function again() { try { return again() } catch { return again() } }
again()
