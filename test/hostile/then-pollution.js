// expect: ok|Deadlock|Error
// next-eval: any
Object.prototype.then = function (resolve) { resolve('hijacked') };
({ a: 1 })
