// expect: ok
// category: rendering
const buffer = new ArrayBuffer(8);
const view = new Uint8Array(buffer);
typeof buffer.transfer === 'function' ? (buffer.transfer(), [buffer, view]) : 'no transfer'
