// expect: Error
[3, 1, 2].sort(() => { throw new Error('cmp') })
