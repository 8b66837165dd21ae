// expect: ok
// category: bomb-json
// expect-value: [true,"undefined","undefined"]
const parsed = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}');
[Object.hasOwn(parsed, '__proto__'), typeof ({}).polluted, typeof parsed.polluted]
