// expect: ok
// category: rendering
({ toString() { while (true) {} }, valueOf() { while (true) {} }, b: 2 })
