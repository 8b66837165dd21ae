// expect: ok
// category: escape
// expect-value: [false,"undefined"]
const g = task.constructor('return this')();
[Object.getOwnPropertyNames(g).includes('process'), typeof g.navigator]
