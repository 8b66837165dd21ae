// expect: ok
// category: rendering
({ [Symbol('hidden')]: 1, visible: 2 })
