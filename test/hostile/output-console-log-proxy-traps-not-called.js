// expect: ok
// category: bomb-output
const loop = () => { while (true) {} };
console.log(new Proxy({ a: 1 }, { get: loop, ownKeys: loop, getOwnPropertyDescriptor: loop }));
'done'
