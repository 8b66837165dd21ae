// expect: ok
// category: escape
// expect-value: "undefined"
const GeneratorFunction = (function* () {}).constructor;
new GeneratorFunction('yield typeof process')().next().value
