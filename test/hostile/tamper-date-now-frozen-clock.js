// expect: Timeout
// category: tampering
// next-eval: any
Date.now = () => -1;
await new Promise((resolve) => setTimeout(resolve, 10));
'woke'
