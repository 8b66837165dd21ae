// expect: ok
// category: escape
// Legacy RegExp statics must not carry text from the prelude's own matching.
[typeof RegExp.$1, typeof RegExp.lastMatch === 'string' ? RegExp.lastMatch.length : typeof RegExp.lastMatch]
