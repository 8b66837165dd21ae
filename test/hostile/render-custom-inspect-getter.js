// expect: Timeout
// category: rendering
({ get [Symbol.for('nodejs.util.inspect.custom')]() { while (true) {} } })
