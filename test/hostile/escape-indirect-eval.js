// expect: ok
// category: escape
// expect-value: ["undefined","undefined"]
(0, eval)('[typeof process, typeof XMLHttpRequest]')
