/**
 * One of two Deno processes that race to approve the same pause (test/node/deno.test.ts, "two Deno
 * processes approve one pause at the same moment"). Both open the same SQLite KV file with
 * denoKvStore; the Node test drives them over stdin/stdout, one JSON command and one JSON reply
 * per line:
 *
 *   { cmd: "pause", threadId, live }                pauses the program at send_email: in the racing
 *                                                   interpreter (live: it keeps the paused thread in
 *                                                   memory), or in the helper
 *   { cmd: "resume", threadId, interruptId }        the racing interpreter approves it: this line is
 *                                                   the "go" (the Node test writes it to both
 *                                                   processes back to back, once the pause exists)
 *   { cmd: "inspect", threadId }                    the stored head as raw JSON, and a later eval of
 *                                                   the program's state (in the helper)
 *   { cmd: "exit" }
 *
 * Each process has two interpreters for the whole run (a trial is a new thread): the racer and a
 * helper. A helper that paused the thread still holds that paused copy in memory when it
 * evaluates afterwards: it must notice the head moved and use the stored state.
 *
 *   deno run --unstable-kv --allow-read --allow-write=<dir> race-resume.ts <name> <kv file> <effects file>
 *
 * send_email appends one line "<threadId> <name>" to the effects file (both processes append to
 * it) before it takes 300 ms, so the two resumes overlap and every run of the tool is counted.
 */
import { createInterpreter, denoKvStore, isQuickboxError, type ToolDefinition } from "./built-package.js";
import { deno, type DenoApi } from "./deno-api.js";

/** The Deno APIs this script needs beyond deno-api.ts. */
interface RacerDeno extends DenoApi {
  writeTextFile(path: string | URL, data: string, options?: { append?: boolean }): Promise<void>;
  readonly stdin: { readonly readable: ReadableStream<BufferSource> };
}
const racerDeno = deno as RacerDeno;

const RACE_TOOL_MS = 300;
/** Runs to the await, pauses there; after it, `steps` is 2 and `receipt` what the tool returned. */
const RACE_PROGRAM = "let steps = 1; const receipt = await tools.sendEmail({ to: 'ana@example.com' }); steps++; `done:${receipt}`";

export type RaceCommand =
  | { cmd: "pause"; threadId: string; live: boolean }
  | { cmd: "resume"; threadId: string; interruptId: string }
  | { cmd: "inspect"; threadId: string }
  | { cmd: "exit" };

export interface ResumeReply {
  outcome: "result" | "error";
  status?: string;
  value?: unknown;
  quickboxError?: boolean;
  code?: string;
  message?: string;
  startedAt: number;
  endedAt: number;
}

export interface InspectReply {
  head: { paused: boolean; claim?: unknown; chain: string[]; interrupts: unknown[] } | null;
  later: { status: string; value?: unknown; error?: unknown };
}

const [name, kvPath, effectsPath] = deno.args;
if (!name || !kvPath || !effectsPath) {
  console.error("usage: race-resume.ts <name> <kv file> <effects file>");
  deno.exit(2);
}

const kv = await deno.openKv(kvPath);
const store = denoKvStore(kv);
const sendEmail: ToolDefinition<{ to: string }> = {
  name: "send_email",
  execute: async ({ to }, ctx) => {
    await racerDeno.writeTextFile(effectsPath, `${ctx.threadId} ${name}\n`, { append: true });
    await new Promise((resolve) => setTimeout(resolve, RACE_TOOL_MS));
    return `sent to ${to} by ${name}`;
  },
};
const options = { store, tools: [sendEmail], interruptOn: { send_email: true } };
const [racer, helper] = await Promise.all([createInterpreter(options), createInterpreter(options)]);

async function handle(command: RaceCommand): Promise<unknown> {
  switch (command.cmd) {
    case "pause": {
      const paused = await (command.live ? racer : helper).eval(RACE_PROGRAM, { threadId: command.threadId });
      return { status: paused.status, interruptId: paused.interrupts?.[0]?.id };
    }
    case "resume": {
      const startedAt = Date.now();
      try {
        const done = await racer.resume(command.threadId, { [command.interruptId]: { type: "approve" } });
        return { outcome: "result", status: done.status, value: done.value, startedAt, endedAt: Date.now() } satisfies ResumeReply;
      } catch (error) {
        const failure = error as { code?: string; message?: string };
        return { outcome: "error", quickboxError: isQuickboxError(error), code: failure.code, message: failure.message, startedAt, endedAt: Date.now() } satisfies ResumeReply;
      }
    }
    case "inspect": {
      const bytes = await store.get(`head:${command.threadId}`);
      const head = bytes ? JSON.parse(new TextDecoder().decode(bytes)) : null;
      const later = await helper.eval("[steps, receipt]", { threadId: command.threadId });
      return { head, later: { status: later.status, value: later.value, error: later.error } } satisfies InspectReply;
    }
    case "exit":
      await Promise.all([racer.dispose(), helper.dispose()]);
      kv.close();
      deno.exit(0);
  }
}

console.log(JSON.stringify({ ready: true, pid: deno.pid }));
let buffered = "";
for await (const text of racerDeno.stdin.readable.pipeThrough(new TextDecoderStream())) {
  buffered += text;
  for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
    const line = buffered.slice(0, newline);
    buffered = buffered.slice(newline + 1);
    if (!line.trim()) continue;
    try {
      console.log(JSON.stringify(await handle(JSON.parse(line) as RaceCommand)));
    } catch (error) {
      console.log(JSON.stringify({ failed: String((error as Error)?.stack ?? error) }));
    }
  }
}
