// expect: ok
// category: tampering
Date.now = () => 123; Math.random = () => 4;
[Date.now(), Math.random()]
