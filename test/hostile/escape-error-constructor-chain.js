// expect: ok
// category: escape
// expect-value: "undefined"
new Error('x').constructor.constructor('return typeof performance')()
