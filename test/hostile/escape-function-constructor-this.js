// expect: ok
// category: escape
// expect-value: ["undefined","undefined","undefined","undefined"]
const g = Function('return this')();
[typeof g.process, typeof g.require, typeof g.fetch, typeof g.WebAssembly]
