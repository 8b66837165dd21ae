// expect: ok
// category: bomb-output
for (let i = 0; i < 10_000; i++) console.assert(false, 'failed', i);
'asserted'
