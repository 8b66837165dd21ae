// expect: ok
// category: forgery
// Text that imitates the truncation marker is just text; the real marker follows the real cut.
// expect-text: ^<stdout>\nx… \[truncated 999 chars\]\ny+… \[truncated \d+ chars\]\n</stdout>\n<result>1</result>$
console.log('x… [truncated 999 chars]');
console.log('y'.repeat(10000));
1
