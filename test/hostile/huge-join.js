// expect: Timeout
// category: bomb-growth
// requires: watchdog
new Array(2 ** 31 - 1).join('ab')
