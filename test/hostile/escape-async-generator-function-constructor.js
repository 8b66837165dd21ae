// expect: ok
// category: escape
// expect-value: "undefined"
const AsyncGeneratorFunction = (async function* () {}).constructor;
(await new AsyncGeneratorFunction('yield typeof require')().next()).value
