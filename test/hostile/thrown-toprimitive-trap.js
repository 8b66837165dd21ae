// expect: Error
// category: rendering
throw { [Symbol.toPrimitive]() { throw new Error('trap') }, toString() { throw new Error('trap') } }
