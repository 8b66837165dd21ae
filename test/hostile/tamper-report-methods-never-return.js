// expect: Timeout
// category: tampering
// expect-text: ^<stdout>\nprinted\n</stdout>
// The methods the prelude used to collect output and end the session (join, push, Map's clear)
// never return. Collecting the report after the Timeout ran without any budget: an inline host
// hung for good, a worker was restarted by the watchdog. Now the prelude uses the originals, and
// every call after the program has a small budget of its own.
console.log('printed');
Array.prototype.join = function () { for (;;) {} };
Array.prototype.push = function () { for (;;) {} };
Map.prototype.clear = function () { for (;;) {} };
setTimeout(() => {}, 1e6);
for (;;) {}
