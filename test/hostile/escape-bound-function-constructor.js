// expect: ok
// category: escape
// expect-value: "undefined"
Function.prototype.bind.call(Function, null, 'return typeof fetch')()()
