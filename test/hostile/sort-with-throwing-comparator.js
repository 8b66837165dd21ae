// expect: Error
// category: tampering
[3, 1, 2].sort(() => { throw new Error('cmp') })
