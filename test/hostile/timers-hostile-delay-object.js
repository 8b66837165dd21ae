// expect: Timeout
// category: bomb-timers
setTimeout(() => {}, { valueOf() { while (true) {} } })
