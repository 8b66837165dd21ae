// expect: Error
// category: rendering
const e = new Error('stacky');
Object.defineProperty(e, 'stack', { get() { throw new Error('no stack') } });
throw e
