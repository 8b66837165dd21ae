// expect: TypeError
// category: bomb-json
const a = {};
a.self = a;
JSON.stringify(a)
