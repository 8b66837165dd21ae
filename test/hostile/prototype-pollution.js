// expect: ok
// category: tampering
Object.prototype.polluted = 'yes';
Array.prototype.push = () => { throw new Error('hijacked') };
'polluted this thread only'
