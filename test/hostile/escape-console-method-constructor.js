// expect: ok
// category: escape
// expect-value: "undefined"
console.log.constructor.constructor('return typeof importScripts')()
