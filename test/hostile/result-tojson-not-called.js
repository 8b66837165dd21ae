// expect: ok
({ toJSON() { while (true) {} }, a: 1 })
