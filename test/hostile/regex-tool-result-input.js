// expect: Timeout
// category: bomb-regex
const input = await tools.hugeResult({ chars: 40, unit: 'a' });
/(a+)+$/.test(input + '!')
