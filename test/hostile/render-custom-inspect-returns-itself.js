// expect: ok|StackOverflow
// category: rendering
const self = { [Symbol.for('nodejs.util.inspect.custom')]() { return self } };
self
