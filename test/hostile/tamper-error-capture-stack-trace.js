// expect: RangeError
// category: tampering
// next-eval: any
Error.prepareStackTrace = () => { while (true) {} };
Error.stackTraceLimit = Infinity;
Error.captureStackTrace = () => { while (true) {} };
throw new RangeError('plain')
