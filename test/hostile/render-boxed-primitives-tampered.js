// expect: ok
// category: rendering
// expect-text: ^<result>\[ \[Number: 1\], \[String: 's'\], \[Boolean: true\] \]</result>$
// expect-value: [1, "s", true]
// The renderer and the value's copy call the valueOf methods the thread started with, as Node's
// renderer does, never the program's (the copy spun until timeoutMs and lost the value before).
Number.prototype.valueOf = () => { while (true) {} };
String.prototype.valueOf = () => { while (true) {} };
Boolean.prototype.valueOf = () => { while (true) {} };
[new Number(1), new String('s'), new Boolean(true)]
