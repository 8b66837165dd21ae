// expect: ok
// category: rendering
// expect-text: ^<result>\[ \[Number: 1\], \[String: 's'\], \[Boolean: true\] \]</result>$
// The renderer calls the valueOf methods the thread started with, as Node's does, never the program's.
Number.prototype.valueOf = () => { while (true) {} };
String.prototype.valueOf = () => { while (true) {} };
Boolean.prototype.valueOf = () => { while (true) {} };
[new Number(1), new String('s'), new Boolean(true)]
