// expect: ok
// category: bomb-json
// expect-value: [null,0]
[JSON.parse('1' + '0'.repeat(1_000_000)), JSON.parse('0.' + '0'.repeat(1_000_000) + '1')].map((n) => (Number.isFinite(n) ? n : null))
