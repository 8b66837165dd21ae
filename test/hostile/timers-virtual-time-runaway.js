// expect: Timeout
// category: bomb-timers
// A timer chain a day apart: virtual time races ahead, and the CPU budget still ends it.
function again() { setTimeout(again, 86_400_000) }
again();
await new Promise(() => {})
