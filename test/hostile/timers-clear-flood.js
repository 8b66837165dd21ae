// expect: ok|Timeout
// category: bomb-timers
for (let i = 0; i < 300_000; i++) clearTimeout(i);
'cleared'
