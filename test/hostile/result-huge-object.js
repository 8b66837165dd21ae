// expect: ok
// category: rendering
const o = {};
for (let i = 0; i < 50000; i++) o['k' + i] = i;
o
