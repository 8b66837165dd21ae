// expect: ok|Deadlock|Error
// category: tampering
// next-eval: any
Object.prototype.then = function (resolve) { resolve('hijacked') };
({ a: 1 })
