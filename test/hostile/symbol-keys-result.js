// expect: ok
({ [Symbol('hidden')]: 1, visible: 2 })
