// expect: Error
// category: rendering
const e = new Error('x');
Object.defineProperty(e, 'name', { get() { throw new Error('no name for you') } });
Object.defineProperty(e, 'message', { get() { throw new Error('no message') } });
throw e
