// expect: Timeout
// category: rendering
// The bundled renderer may call a boxed primitive's (replaced) valueOf: it runs under the budget.
Number.prototype.valueOf = () => { while (true) {} };
String.prototype.valueOf = () => { while (true) {} };
Boolean.prototype.valueOf = () => { while (true) {} };
[new Number(1), new String('s'), new Boolean(true)]
