// expect: Timeout
// category: rendering
// A custom inspect function runs while rendering (as in Node): it runs under the eval's budget.
({ [Symbol.for('nodejs.util.inspect.custom')]() { while (true) {} } })
