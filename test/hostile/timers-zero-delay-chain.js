// expect: Timeout
// category: bomb-timers
// Zero-delay timers re-armed forever: virtual time never moves, and the eval must still end.
function again() { setTimeout(again, 0) }
again();
await new Promise(() => {})
