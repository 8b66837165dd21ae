// expect: ok|StackOverflow
// category: bomb-stack
const o = { [Symbol.for('nodejs.util.inspect.custom')]: () => { console.log(o); return 'x' } };
console.log(o);
'logged'
