// expect: ok
// category: rendering
// An object that merely inherits from Promise.prototype cannot be awaited: it is the result as it is (not a deadlock).
Object.create(Promise.prototype)
