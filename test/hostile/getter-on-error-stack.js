// expect: Error
const e = new Error('stacky');
Object.defineProperty(e, 'stack', { get() { throw new Error('no stack') } });
throw e
