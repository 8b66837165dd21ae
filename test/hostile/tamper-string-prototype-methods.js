// expect: ok
// category: tampering
// expect-text: ^<stdout>\nstill printing \{ a: 'b' \}\n</stdout>\n<result>1</result>$
// The console and the inspector use the string methods the thread started with (as Node's console does).
// next-eval: any
for (const name of ['slice', 'replace', 'includes', 'repeat', 'padStart', 'charCodeAt', 'toString', 'trim']) {
  String.prototype[name] = () => { throw new Error('no ' + name) };
}
console.log('still printing', { a: 'b' });
'x'.length
