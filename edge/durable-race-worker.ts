/**
 * Test harness (test/node/durable-object-race.test.ts), run in workerd: one Durable Object per
 * thread (InterpreterDurableObject) whose send_email needs approval, counts its runs in the
 * object's storage and then takes 200 ms, so two approvals of one pause sent at once overlap
 * inside the object.
 *
 *   POST /race/<name>/eval     body: code                 → EvalResult
 *   POST /race/<name>/resume   body: { [id]: decision }   → { outcome: "result", result } or
 *                                                           { outcome: "error", error: { name, code, message, isQuickboxError } }
 *                                                           (both with startedAt / endedAt, as this worker saw them)
 *   GET  /race/<name>/runs                               → { runs }: how often send_email ran in the object
 *   GET  /race/<name>/head                               → { head }: the thread's stored head, raw
 */
import { isQuickboxError, type Decision, type ToolDefinition } from "quickbox";
import { durableObjectStore, InterpreterDurableObject, type DurableObjectStorageLike, type InterpreterDurableObjectOptions } from "quickbox/cloudflare";
import quickjsWasm from "quickbox/wasm";

interface Env {
  RACES: DurableObjectNamespace<RaceThread>;
}

const TOOL_MS = 200;
const RUNS_KEY = "race:runs";

export class RaceThread extends InterpreterDurableObject<Env> {
  get #storage(): DurableObjectStorageLike {
    return this.ctx.storage as DurableObjectStorageLike;
  }

  protected interpreterOptions(): InterpreterDurableObjectOptions {
    const sendEmail: ToolDefinition<{ to: string }> = {
      name: "send_email",
      execute: async ({ to }) => {
        const runs = (((await this.#storage.get([RUNS_KEY])).get(RUNS_KEY) as number | undefined) ?? 0) + 1;
        await this.#storage.put({ [RUNS_KEY]: runs });
        await new Promise((resolve) => setTimeout(resolve, TOOL_MS));
        return `sent to ${to} (run ${runs})`;
      },
    };
    return { wasmModule: quickjsWasm, tools: [sendEmail], interruptOn: { send_email: true } };
  }

  async runs(): Promise<number> {
    return ((await this.#storage.get([RUNS_KEY])).get(RUNS_KEY) as number | undefined) ?? 0;
  }

  /** The head record as the object's store holds it (the interpreter's default storage options). */
  async storedHead(): Promise<unknown> {
    const bytes = await durableObjectStore(this.#storage).get("head:default");
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as unknown) : null;
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const [, name, action] = /^\/race\/([\w-]{1,64})\/(eval|resume|runs|head)$/.exec(new URL(request.url).pathname) ?? [];
    if (!name) return new Response("not found", { status: 404 });
    const thread = env.RACES.get(env.RACES.idFromName(name));
    if (action === "eval") return Response.json(await thread.eval(await request.text()));
    if (action === "runs") return Response.json({ runs: await thread.runs() });
    if (action === "head") return Response.json({ head: await thread.storedHead() });
    const decisions = (await request.json()) as Record<string, Decision>;
    const startedAt = Date.now();
    try {
      const result = await thread.resume(decisions);
      return Response.json({ outcome: "result", result, startedAt, endedAt: Date.now() });
    } catch (error) {
      // The QuickboxError thrown in the object, as it reaches this caller over RPC.
      const failure = error as { name?: string; code?: string; message?: string };
      return Response.json({
        outcome: "error",
        error: { name: failure.name, code: failure.code, message: failure.message, isQuickboxError: isQuickboxError(error) },
        startedAt,
        endedAt: Date.now(),
      });
    }
  },
};
