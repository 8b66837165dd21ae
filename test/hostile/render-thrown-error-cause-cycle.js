// expect: Error
// category: rendering
const error = new Error('outer', { cause: { deeper: null } });
error.cause.deeper = error;
throw error
