// expect: StackOverflow|ok
// category: bomb-stack
let C = class {};
for (let i = 0; i < 20_000; i++) C = class extends C { constructor() { super() } };
new C()
