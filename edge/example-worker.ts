/**
 * The README's Cloudflare example (README.md shows this file from its first import on; the test
 * checks they match). test/node/cloudflare.test.ts builds it with vite.edge.config.ts and runs it
 * in workerd through miniflare.
 */
import { createInterpreter, type EvalResult, type ToolDefinition } from "quickbox";
import { InterpreterDurableObject, kvStore, type InterpreterDurableObjectOptions } from "quickbox/cloudflare";
import quickjsWasm from "quickbox/wasm"; // a CompiledWasm module: a WebAssembly.Module

interface Env {
  THREADS: DurableObjectNamespace<AgentThread>; // one Durable Object per agent thread
  SNAPSHOTS: KVNamespace; // threads of /scratch, which runs without Durable Objects
  OUTBOX: KVNamespace; // where send_email "sends"
}

const orders = new Map([["A-1", { id: "A-1", owner: "ana@example.com", status: "shipped" }]]);
const getOrder: ToolDefinition<{ id: string }> = {
  name: "get_order",
  description: "Look up an order by id.",
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  execute: ({ id }) => orders.get(id) ?? null,
};

export class AgentThread extends InterpreterDurableObject<Env> {
  protected interpreterOptions(): InterpreterDurableObjectOptions {
    const sendEmail: ToolDefinition<{ to: string; body: string }> = {
      name: "send_email",
      description: "Send an email.",
      execute: async ({ to, body }) => {
        await this.env.OUTBOX.put(to, body); // tools run in the object and can use its bindings
        return `sent to ${to}`;
      },
    };
    return { wasmModule: quickjsWasm, tools: [getOrder, sendEmail], interruptOn: { send_email: true }, timeoutMs: 1000 };
  }
}

/** JSON of an EvalResult; a `value` JSON cannot hold (a BigInt) is left out: `text` shows it. */
function json(result: unknown): Response {
  try {
    return new Response(JSON.stringify(result), { headers: { "content-type": "application/json" } });
  } catch {
    return Response.json({ ...(result as EvalResult), value: undefined });
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const [, kind, name, action = ""] = /^\/(threads|scratch)\/([\w-]{1,64})(\/\w+)?$/.exec(new URL(request.url).pathname) ?? [];
    if (!name) return new Response("not found", { status: 404 });
    try {
      if (kind === "scratch") {
        // A plain Worker: a fresh interpreter per request; the thread is restored from KV.
        const qb = await createInterpreter({ wasmModule: quickjsWasm, store: kvStore(env.SNAPSHOTS), tools: [getOrder] });
        try {
          return json(await qb.eval(await request.text(), { threadId: name }));
        } finally {
          await qb.dispose();
        }
      }
      const thread = env.THREADS.get(env.THREADS.idFromName(name));
      if (request.method === "GET") return json(await thread.thread()); // { state, pendingInterrupts, interrupts }
      if (action === "/eval") return json(await thread.eval(await request.text()));
      if (action === "/resume") return json(await thread.resume(await request.json())); // { [interruptId]: decision }
      if (action === "/snapshot") return json(await thread.snapshot());
      if (action === "/prune") return json(await thread.prune()); // { removed }: snapshots the thread no longer needs
      if (action === "/reset") return json(await thread.reset()); // { removed }: forgets the thread, frees its storage
      return new Response("not found", { status: 404 });
    } catch (error) {
      // QuickboxErrors (THREAD_PAUSED, NOT_PAUSED, UNKNOWN_INTERRUPT, …) cross RPC with name, code and message.
      const failure = error as { name: string; code?: string; message: string };
      return Response.json({ error: { name: failure.name, code: failure.code, message: failure.message } }, { status: 409 });
    }
  },
};
