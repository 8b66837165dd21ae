// expect: ok
// category: rendering
const proto = { get hidden() { while (true) {} } };
Object.create(proto, { own: { value: 1, enumerable: true } })
