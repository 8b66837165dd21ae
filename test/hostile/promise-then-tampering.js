// expect: ok
Promise.prototype.then = function () { throw new Error('no then') };
'tampered'
