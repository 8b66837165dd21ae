// expect: ok|Timeout
// category: bomb-timers
for (let i = 0; i < 50_000; i++) setTimeout(() => {}, i);
'scheduled'
