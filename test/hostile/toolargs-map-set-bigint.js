// expect: ok
// category: tool-arguments
// expect-value: ["TypeError", "TypeError", "TypeError", "TypeError", {"ok": true}]
// Values JSON cannot carry are refused with a TypeError saying what to send, never sent as {} silently.
const refusals = [];
for (const args of [{ m: new Map([[1, 2]]) }, { s: new Set([1]) }, { b: 10n }, { bytes: new Uint8Array([1, 2]) }]) {
  try { await tools.echo(args); refusals.push("sent"); } catch (e) { refusals.push(e.name); }
}
[...refusals, await tools.echo({ ok: true })]
