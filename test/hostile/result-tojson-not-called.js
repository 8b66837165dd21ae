// expect: ok
// category: rendering
({ toJSON() { while (true) {} }, a: 1 })
