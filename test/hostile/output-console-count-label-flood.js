// expect: ok|Timeout|OutOfMemory
// category: bomb-output
for (let i = 0; i < 20_000; i++) console.count('label' + i);
'counted'
