// expect: ok
// category: rendering
// expect-text: \[Symbol\(Symbol.toPrimitive\)\]: \[Function: \[Symbol.toPrimitive\]\]
({ a: 1, [Symbol.toPrimitive]() { while (true) {} } })
