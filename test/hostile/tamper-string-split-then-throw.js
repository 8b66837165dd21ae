// expect: RangeError
// category: tampering
// expect-text: ^<error type="RangeError">after tampering
// next-eval: any
// The prelude reads error stacks with String.prototype.split; a thrown error must still be an error.
String.prototype.split = () => { throw new Error('split is hijacked') };
throw new RangeError('after tampering')
