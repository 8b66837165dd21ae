/**
 * Test harness (test/node/cloudflare.test.ts), run in workerd: exposes the Cloudflare stores over
 * HTTP so the shared store contract suite, running in Node, drives real Durable Object storage
 * (SQLite- and KV-backed) and real Workers KV; and runs the engine with the clock frozen the way
 * deployed Workers freeze it during CPU work.
 *
 *   POST /store/<do-sqlite|do-kv|kv>/<name>   body: a StoreCall   → { result }
 *   POST /frozen-clock                        body: { code, timeoutMs } → EvalResult
 *   POST /poll-rate                           body: { code, timeoutMs } → { polls, elapsedMs, errorType }
 */
import { DurableObject } from "cloudflare:workers";
import { createInterpreter } from "quickbox";
import { durableObjectStore, kvStore, type DurableObjectStorageLike } from "quickbox/cloudflare";
import quickjsWasm from "quickbox/wasm";
import { RunBudget } from "../src/engine/run-budget.js";
import { failingWrites, runStoreCall, type StoreCall } from "./store-calls.js";

interface Env {
  SQLITE_STORES: DurableObjectNamespace<StoreHarness>;
  KV_BACKED_STORES: DurableObjectNamespace<StoreHarness>;
  KV: KVNamespace;
}

/** One store per object: the contract suite's makeStore() picks a fresh object name. */
export class StoreHarness extends DurableObject<Env> {
  async call(call: StoreCall): Promise<unknown> {
    if (call.method === "rawKeys") return [...(await (this.ctx.storage as DurableObjectStorageLike).list({ prefix: "quickbox:" })).keys()];
    const storage = failingWrites(this.ctx.storage as DurableObjectStorageLike, ["put", "delete"], call.options?.writesBeforeFailure);
    return runStoreCall(durableObjectStore(storage, call.options), call);
  }
}
export class SqliteStoreHarness extends StoreHarness {}
export class KvBackedStoreHarness extends StoreHarness {}

/** Runs `work` with performance.now() and Date.now() standing still. */
async function withFrozenClock<T>(work: () => Promise<T>): Promise<T> {
  const performanceNow = performance.now();
  const dateNow = Date.now();
  const realDateNow = Date.now;
  const ownNow = Object.getOwnPropertyDescriptor(performance, "now");
  Object.defineProperty(performance, "now", { value: () => performanceNow, configurable: true, writable: true });
  Date.now = () => dateNow;
  try {
    return await work();
  } finally {
    if (ownNow) Object.defineProperty(performance, "now", ownNow);
    else delete (performance as { now?: unknown }).now;
    Date.now = realDateNow;
  }
}

async function pollRate(code: string, timeoutMs: number): Promise<{ polls: number; elapsedMs: number; errorType: string | undefined }> {
  const original = Object.getOwnPropertyDescriptor(RunBudget.prototype, "shouldInterrupt")!;
  const budgets = new Set<RunBudget>();
  RunBudget.prototype.shouldInterrupt = function (this: RunBudget): boolean {
    budgets.add(this);
    return (original.value as () => boolean).call(this);
  };
  const qb = await createInterpreter({ wasmModule: quickjsWasm, timeoutMs });
  try {
    const started = performance.now();
    const result = await qb.eval(code);
    return { polls: Math.max(...[...budgets].map((budget) => budget.polls)), elapsedMs: performance.now() - started, errorType: result.error?.type };
  } finally {
    Object.defineProperty(RunBudget.prototype, "shouldInterrupt", original);
    await qb.dispose();
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    const storeRoute = /^\/store\/(do-sqlite|do-kv|kv)\/([\w-]+)$/.exec(pathname);
    if (storeRoute) {
      const call = (await request.json()) as StoreCall;
      const [backend, name] = [storeRoute[1]!, storeRoute[2]!];
      if (backend === "kv") {
        if (call.method === "rawKeys") return Response.json({ result: (await env.KV.list({ prefix: `${name}/` })).keys.map((key) => key.name) });
        const namespace = failingWrites(env.KV, ["put", "delete"], call.options?.writesBeforeFailure);
        return Response.json({ result: await runStoreCall(kvStore(namespace, { keyPrefix: `${name}/`, ...call.options }), call) });
      }
      const namespace = backend === "do-sqlite" ? env.SQLITE_STORES : env.KV_BACKED_STORES;
      return Response.json({ result: await namespace.get(namespace.idFromName(name)).call(call) });
    }
    if (pathname === "/frozen-clock") {
      const { code, timeoutMs } = (await request.json()) as { code: string; timeoutMs: number };
      const qb = await createInterpreter({ wasmModule: quickjsWasm, timeoutMs });
      try {
        await qb.eval("const kept = 41");
        const stuck = await withFrozenClock(() => qb.eval(code));
        const after = await qb.eval("kept + 1");
        return Response.json({ stuck, after });
      } finally {
        await qb.dispose();
      }
    }
    if (pathname === "/poll-rate") {
      const { code, timeoutMs } = (await request.json()) as { code: string; timeoutMs: number };
      return Response.json(await pollRate(code, timeoutMs));
    }
    return new Response("not found", { status: 404 });
  },
};

