// expect: NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN…
// category: forgery
// A 1 MB error name must not make a 1 MB type attribute: the type is cut at 100 characters.
const error = new Error('big name');
error.name = 'N'.repeat(1_000_000);
throw error
