// convention: cloudflare-codemode
// tools: none
// Cloudflare Code Mode: a synchronous arrow function (no tool needed) — it is still called and its value returned.
() => {
  const fib = [0, 1];
  while (fib.length < 15) fib.push(fib[fib.length - 1] + fib[fib.length - 2]);
  const even = fib.filter((n) => n % 2 === 0);
  return { count: fib.length, last: fib.at(-1), evenSum: even.reduce((a, b) => a + b, 0) };
}
