// expect: ok|StackOverflow|Timeout
// category: bomb-cpu
const a = [1];
a.push(a);
String(a).length
