// expect: Deadlock
// category: tampering
// next-eval: any
Date.now = () => NaN;
await new Promise((resolve) => setTimeout(resolve, 10));
'woke'
