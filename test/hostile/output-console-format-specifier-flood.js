// expect: ok
// category: bomb-output
// expect-text: truncated \d+ chars\]\n</stdout>
console.log('%s%d%i%f%j%o%O%c'.repeat(2_000), ...Array(10_000).fill({ a: 1 }));
'done'
