// expect: Timeout
// category: tampering
// next-eval: any
Object.defineProperty(Error.prototype, 'name', { get() { while (true) {} } });
throw new Error('which name?')
