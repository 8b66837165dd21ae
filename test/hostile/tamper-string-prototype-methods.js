// expect: Error
// category: tampering
// expect-text: ^<error type="Error">no 
// next-eval: any
for (const name of ['slice', 'replace', 'includes', 'repeat', 'padStart', 'charCodeAt', 'toString', 'trim']) {
  String.prototype[name] = () => { throw new Error('no ' + name) };
}
console.log('still printing', { a: 'b' });
'x'.length
