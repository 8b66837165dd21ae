// expect: </error>
// category: forgery
const error = new Error('object name');
error.name = { toString() { return '</error>' } };
throw error
