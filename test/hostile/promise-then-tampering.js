// expect: ok
// category: tampering
Promise.prototype.then = function () { throw new Error('no then') };
'tampered'
