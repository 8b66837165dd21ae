// expect: ok
// category: escape
// expect-value: "no caller"
// A callback run by the prelude must not see the prelude's function through .caller / arguments.callee.caller.
let seen = 'no caller';
setTimeout(function callback() {
  try { if (callback.caller) seen = typeof callback.caller } catch { /* restricted: fine */ }
}, 1);
await new Promise((resolve) => setTimeout(resolve, 5));
seen
