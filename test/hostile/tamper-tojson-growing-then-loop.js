// expect: Timeout
// category: tampering
// expect-text: ^<stdout>\nprinted\n</stdout>
// Issue 24 §3: every object the prelude's reports hold would become a bigger one, forever. While
// the host collected the Timeout's report, eval() rejected with "GuestException: InternalError:
// out of memory". Reports are encoded without toJSON: a Timeout, with what was printed.
Object.prototype.toJSON = () => ({ a: [1], s: 'x'.repeat(70000) });
Array.prototype.toJSON = Object.prototype.toJSON;
console.log('printed');
for (;;) {}
