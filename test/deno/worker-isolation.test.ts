/**
 * isolation "worker" in real Deno, with the built package: Deno's module Worker runs dist/worker.mjs,
 * the engine compiles the QuickJS wasm there, tools run on the host, and the watchdog replaces a
 * worker stuck in a builtin.
 */
import assert from "node:assert/strict";
import { DIST_URL, createInterpreter, type ToolDefinition } from "./built-package.js";
import { deno, denoTest } from "./deno-api.js";

const spawned: { url: string; type: string | undefined }[] = [];
const NativeWorker = globalThis.Worker;
globalThis.Worker = class RecordingWorker extends NativeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    spawned.push({ url: String(url), type: options?.type });
    super(url, options);
  }
};
const WORKER_URL = new URL("worker.mjs", DIST_URL).href;

// First, so that the stuck builtin (which Deno's terminate() cannot interrupt: it runs on to its
// end in the background) overlaps the other tests instead of delaying the process exit.
denoTest("the watchdog replaces a worker stuck in a builtin: Timeout with a warning, the host stays responsive", async () => {
  const qb = await createInterpreter({ timeoutMs: 200 });
  try {
    await qb.eval("const keep = 'state'", { threadId: "neighbour" });
    const before = spawned.length;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const startedMs = performance.now();
    // Each BigInt toString of this size takes ~2.8 s and never polls QuickJS's interrupt handler.
    const stuck = await qb.eval("Array(2).fill(3n ** 600000n).join().length", { threadId: "stuck" });
    const elapsedMs = performance.now() - startedMs;
    clearInterval(ticker);
    assert.equal(stuck.error?.type, "Timeout");
    assert.equal(stuck.error?.details?.workerRestarted, true);
    assert.match(stuck.error?.message ?? "", /stopped answering/);
    assert.match(stuck.warnings?.join("\n") ?? "", /thread was restarted/);
    // Silence limit: 2 × timeoutMs + 1.5 s. workerRestarted (above) shows the watchdog, not the builtin, ended it.
    assert.ok(elapsedMs >= 1900, `watchdog fired after ${elapsedMs} ms`);
    assert.ok(ticks > elapsedMs / 20 / 4, `host ticked ${ticks} times in ${elapsedMs} ms`);
    const neighbour = await qb.eval("typeof keep", { threadId: "neighbour" });
    assert.equal(neighbour.value, "undefined");
    assert.match(neighbour.warnings?.join("\n") ?? "", /thread was restarted with a fresh state/);
    assert.equal((await qb.eval("6 * 7", { threadId: "stuck" })).value, 42);
    assert.deepEqual(spawned.slice(before), [{ url: WORKER_URL, type: "module" }]);
  } finally {
    await qb.dispose();
  }
});

denoTest("isolation defaults to a module Worker running dist/worker.mjs; state lasts across evals; tools run on the host", async () => {
  const before = spawned.length;
  const asked: string[] = [];
  const lookupPrice: ToolDefinition<{ sku: string }> = {
    name: "lookup_price",
    inputSchema: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] },
    execute: ({ sku }) => {
      asked.push(sku);
      return { sku, cents: sku.length * 100, host: typeof (globalThis as { Deno?: unknown }).Deno };
    },
  };
  const qb = await createInterpreter({ tools: [lookupPrice] });
  try {
    assert.deepEqual(spawned.slice(before), [{ url: WORKER_URL, type: "module" }]);
    assert.equal((await qb.eval("const cart = ['anvil', 'bolt']; cart.length")).value, 2);
    const priced = await qb.eval("const quotes = await Promise.all(cart.map((sku) => tools.lookupPrice({ sku }))); quotes");
    assert.equal(priced.status, "ok", priced.text);
    assert.equal(priced.toolCalls, 2);
    assert.deepEqual(priced.value, [
      { sku: "anvil", cents: 500, host: "object" },
      { sku: "bolt", cents: 400, host: "object" },
    ]);
    assert.deepEqual(asked.sort(), ["anvil", "bolt"]);
    const later = await qb.eval("cart.push('crate'); [cart.length, quotes[1].cents, typeof Deno, typeof WebAssembly]");
    assert.deepEqual(later.value, [3, 400, "undefined", "undefined"]);
    const invalid = await qb.eval("await tools.lookupPrice({ sku: 7 }).catch((error) => error.name)");
    assert.equal(invalid.value, "ToolInputError");
    const recursion = await qb.eval("function down(n) { return down(n + 1) + 1 } down(0)");
    assert.equal(recursion.error?.type, "StackOverflow");
    assert.equal((await qb.eval("cart.join()")).value, "anvil,bolt,crate");
  } finally {
    await qb.dispose();
  }
});

denoTest("the wasm shipped next to the entry, new URL('./quickjs.wasm', import.meta.url), compiles in Deno and runs in a worker", async () => {
  const wasmUrl = new URL("quickjs.wasm", DIST_URL);
  const wasmModule = await WebAssembly.compile(await deno.readFile(wasmUrl));
  const qb = await createInterpreter({ wasmModule, isolation: "worker" });
  try {
    assert.equal((await qb.eval("const n = 6; n * 7")).value, 42);
    assert.equal((await qb.eval("n + 1")).value, 7);
  } finally {
    await qb.dispose();
  }
});
