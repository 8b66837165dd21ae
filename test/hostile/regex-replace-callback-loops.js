// expect: Timeout
// category: bomb-regex
'abc'.replace(/b/, () => { while (true) {} })
