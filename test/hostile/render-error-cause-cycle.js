// expect: ok
// category: rendering
const error = new Error('outer');
error.cause = error;
error
