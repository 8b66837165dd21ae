// expect: Error
throw { [Symbol.toPrimitive]() { throw new Error('trap') }, toString() { throw new Error('trap') } }
