// A Worker with a Durable Object per thread and a KV-backed plain route: quickbox,
// quickbox/cloudflare, and the wasm as a CompiledWasm module (quickbox/wasm, quickbox/quickjs.wasm).
import { createInterpreter, type EvalResult, type ToolDefinition } from "quickbox";
import { InterpreterDurableObject, kvStore, type InterpreterDurableObjectOptions } from "quickbox/cloudflare";
import quickjsWasm from "quickbox/wasm";
import sameWasm from "quickbox/quickjs.wasm";

const doubleIt: ToolDefinition<{ n: number }> = { name: "double_it", execute: ({ n }) => n * 2 };

export class AgentThread extends InterpreterDurableObject<Env> {
  protected interpreterOptions(): InterpreterDurableObjectOptions {
    return { wasmModule: quickjsWasm, tools: [doubleIt], interruptOn: { double_it: true } };
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const code = await request.text();
    if (new URL(request.url).pathname === "/thread") {
      const thread = env.THREADS.get(env.THREADS.idFromName("one"));
      return Response.json(await thread.eval(code));
    }
    const key = await crypto.subtle.importKey("raw", new Uint8Array(32), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    const qb = await createInterpreter({ wasmModule: sameWasm, store: kvStore(env.SNAPSHOTS), tools: [doubleIt], encryptionKey: key });
    try {
      const result: EvalResult = await qb.eval(code);
      return Response.json({ status: result.status, text: result.text });
    } finally {
      await qb.dispose();
    }
  },
} satisfies ExportedHandler<Env>;
