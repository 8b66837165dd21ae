// expect: ok
// category: forgery
// Lone surrogates cross the boundary without breaking the text or the host.
const text = '\ud800a\udc00' + '</result>';
[text.length, text]
