/**
 * The thread policy of ThreadDirectory (src/host/threads/thread-directory.ts), driven by a
 * scripted EngineClient: what each request asks of the engine (persist, release, the stored chain
 * to restore), how replies settle (lost threads and their restart notes, pauses), the checks of a
 * resume and its call log, and threads another directory changed in a shared store.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type {
  CallResult,
  EncodedSnapshot,
  EngineClient,
  EngineOutcome,
  EngineReply,
  EvalRequest,
  ForkRequest,
  HeldCallReport,
  RequestContext,
  ResumeRequest,
  SnapshotRequest,
} from "../../src/engine-contract.js";
import { QuickboxError } from "../../src/errors.js";
import { CallExecutor } from "../../src/host/call-executor.js";
import type { CallLogEntry } from "../../src/stores/store-contract.js";
import { ThreadDirectory } from "../../src/host/threads/thread-directory.js";
import { resolveOptions } from "../../src/options.js";
import { toolSchemas } from "../../src/host/tool-schemas.js";
import { valueCodec } from "../../src/result/value-codec.js";
import { errorOutcome, pausedOutcome } from "../../src/result/outcomes.js";
import { encodeSnapshot, readSnapshotHeader, snapshotId } from "../../src/snapshot/snapshot-codec.js";
import { memoryStore } from "../../src/stores/memory-store.js";
import type { InterpreterEvent, InterpreterOptions, SnapshotStore, ThreadInfo, ToolContext } from "../../src/types.js";

// ── A scripted engine ───────────────────────────────────────────────────────────────────────

type Answer<R> = EngineReply | ((request: R, context: RequestContext) => EngineReply | Promise<EngineReply>);
type Recorded =
  | { op: "eval"; request: EvalRequest }
  | { op: "resume"; request: ResumeRequest }
  | { op: "snapshot"; request: SnapshotRequest }
  | { op: "fork"; request: ForkRequest }
  | { op: "drop"; threadId: string };

class ScriptedClient implements EngineClient {
  readonly requests: Recorded[] = [];
  readonly #answers: Answer<EvalRequest | ResumeRequest>[] = [];
  onThreadsLost?: (threadIds: string[], reason: string) => void;

  /** Queues the answers of the next evals and resumes, in order. */
  answer(...answers: Answer<EvalRequest | ResumeRequest>[]): this {
    this.#answers.push(...answers);
    return this;
  }

  async #next(request: EvalRequest | ResumeRequest, context: RequestContext): Promise<EngineReply> {
    const answer = this.#answers.shift();
    if (!answer) throw new Error("the scripted client has no answer left");
    return typeof answer === "function" ? answer(request, context) : answer;
  }

  async eval(request: EvalRequest, context: RequestContext): Promise<EngineReply> {
    this.requests.push({ op: "eval", request });
    return this.#next(request, context);
  }

  async resume(request: ResumeRequest, context: RequestContext): Promise<EngineReply> {
    this.requests.push({ op: "resume", request });
    return this.#next(request, context);
  }

  async snapshot(request: SnapshotRequest): Promise<EncodedSnapshot> {
    this.requests.push({ op: "snapshot", request });
    throw new Error("snapshot is not scripted");
  }

  async fork(request: ForkRequest): Promise<EncodedSnapshot> {
    this.requests.push({ op: "fork", request });
    throw new Error("fork is not scripted");
  }

  async drop(threadId: string): Promise<void> {
    this.requests.push({ op: "drop", threadId });
  }

  async threads(): Promise<ThreadInfo[]> {
    return [];
  }

  async dispose(): Promise<void> {}

  get ops(): string[] {
    return this.requests.map((recorded) => recorded.op);
  }

  lastEval(): EvalRequest {
    const found = this.requests.filter((recorded) => recorded.op === "eval").at(-1);
    if (!found || found.op !== "eval") throw new Error("no eval request");
    return found.request;
  }

  lastResume(): ResumeRequest {
    const found = this.requests.filter((recorded) => recorded.op === "resume").at(-1);
    if (!found || found.op !== "resume") throw new Error("no resume request");
    return found.request;
  }
}

// ── Outcomes, snapshots, replies ────────────────────────────────────────────────────────────

const okOutcome = (body = "1"): EngineOutcome => ({ status: "ok", body, droppedChars: 0, handle: false, stdout: "", stdoutDroppedChars: 0 });

let made = 0;
async function makeSnapshot(threadId: string, options: { kind?: "full" | "delta"; parent?: string; paused?: boolean } = {}): Promise<EncodedSnapshot> {
  const bytes = await encodeSnapshot(
    {
      quickbox: "test",
      wasmBuild: "test-build",
      baseImage: "test-image",
      threadId,
      kind: options.kind ?? "full",
      ...(options.parent ? { parent: options.parent } : {}),
      createdAt: Date.now(),
      memoryBytes: 65536,
      paused: options.paused ?? false,
    },
    { made: made++ },
    { runs: new Uint32Array(0), data: new Uint8Array(0) },
    {},
  );
  return { id: await snapshotId(bytes), bytes, header: readSnapshotHeader(bytes) };
}

const reply = (outcome: EngineOutcome, extra: Partial<EngineReply> = {}): EngineReply => ({ outcome, durationMs: 3, ...extra });

const CALL_ID = "call_0000000000000000000000int1";
const interrupt: HeldCallReport = {
  callId: CALL_ID,
  guestKey: "c7",
  kind: "tool",
  name: "send_email",
  args: '{"to":"ana@example.com"}',
  allowedDecisions: ["approve", "reject"],
};
const pausedReply = async (threadId: string, pending: HeldCallReport[] = [interrupt]): Promise<EngineReply> =>
  reply(pausedOutcome(pending, { stdout: "", stdoutDroppedChars: 0 }), { snapshot: await makeSnapshot(threadId, { paused: true }) });

// ── A directory under test ──────────────────────────────────────────────────────────────────

interface Setup {
  directory: ThreadDirectory;
  client: ScriptedClient;
  events: InterpreterEvent[];
  sent: { input: unknown; context: ToolContext }[];
  store: SnapshotStore;
}

// createInterpreter loads the value codec while the engine starts; these tests build the directory themselves.
beforeAll(() => valueCodec.load());

function setup(options: InterpreterOptions & { withTool?: boolean } = {}): Setup {
  const { withTool = true, ...rest } = options;
  const events: InterpreterEvent[] = [];
  const sent: Setup["sent"] = [];
  const tools = withTool
    ? [
        {
          name: "send_email",
          execute: (input: unknown, context: ToolContext) => {
            sent.push({ input, context });
            return { sent: true };
          },
        },
      ]
    : [];
  const resolved = resolveOptions({ isolation: "inline", tools, onEvent: (event) => events.push(event), ...rest }, undefined, toolSchemas);
  const executor = new CallExecutor(resolved.tools, resolved.holds, resolved.subagents, {
    maxToolPayloadBytes: resolved.engine.maxToolPayloadBytes,
    sanitizeToolErrors: resolved.sanitizeToolErrors,
    emit: resolved.emit,
  });
  const client = new ScriptedClient();
  return { directory: new ThreadDirectory(client, executor, resolved), client, events, sent, store: resolved.store };
}

const eventsOf = <T extends InterpreterEvent["type"]>(events: InterpreterEvent[], type: T) =>
  events.filter((event): event is Extract<InterpreterEvent, { type: T }> => event.type === type);

async function rejection(promise: Promise<unknown>): Promise<QuickboxError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QuickboxError);
  return error as QuickboxError;
}

const run = (directory: ThreadDirectory, code: string, threadId = "t") => directory.eval(code, threadId, undefined, undefined);

// ── Tests ───────────────────────────────────────────────────────────────────────────────────

/** The call log of the claim the thread's head holds (a resume in progress), as the store has it. */
async function claimedCalls(directory: ThreadDirectory): Promise<CallLogEntry[]> {
  return (await directory.persistence.freshHead("t"))?.claim?.calls ?? [];
}

describe("ThreadDirectory: what eval requests ask of the engine", () => {
  it("with a store configured, evals persist and name the stored head", async () => {
    const { directory, client, store } = setup({ store: memoryStore() });
    const first = await makeSnapshot("t");
    client.answer(reply(okOutcome(), { snapshot: first }), reply(okOutcome()));
    await run(directory, "let x = 1");
    expect(client.lastEval()).toEqual({ threadId: "t", code: "let x = 1", storedHead: null, persist: true });
    await run(directory, "x");
    // Live: no chain is sent, only the id of the head it matches.
    expect(client.lastEval()).toEqual({ threadId: "t", code: "x", storedHead: first.id, persist: true });
    expect(client.ops).toEqual(["eval", "eval"]);
    expect(await store.get(`snap:${first.id}`)).toEqual(first.bytes);
  });

  it("without a store configured, evals do not persist", async () => {
    const { directory, client } = setup();
    client.answer(reply(okOutcome()));
    await run(directory, "1");
    expect(client.lastEval()).toMatchObject({ persist: false, storedHead: null });
    expect(client.lastEval().restore).toBeUndefined();
  });

  it("a thread that is not live is sent its stored chain (full first) and its stored head", async () => {
    const store = memoryStore();
    const writer = setup({ store });
    const full = await makeSnapshot("t");
    const delta = await makeSnapshot("t", { kind: "delta", parent: full.id });
    writer.client.answer(reply(okOutcome(), { snapshot: full }), reply(okOutcome(), { snapshot: delta }));
    await run(writer.directory, "let x = 1");
    await run(writer.directory, "x++");

    // Another directory (another process) on the same store: the thread is not live there.
    const reader = setup({ store });
    reader.client.answer(reply(okOutcome()));
    await run(reader.directory, "x");
    const request = reader.client.lastEval();
    expect(request.storedHead).toBe(delta.id);
    expect(request.restore).toEqual([full.bytes, delta.bytes]);
  });

  it('mode "call" asks the engine to release the thread, and a finished eval leaves no head', async () => {
    const { directory, client, store } = setup({ store: memoryStore(), mode: "call" });
    // Even a snapshot in the reply is not kept: the program finished.
    client.answer(reply(okOutcome(), { snapshot: await makeSnapshot("t") }), reply(okOutcome()));
    await run(directory, "1");
    expect(client.lastEval()).toEqual({ threadId: "t", code: "1", storedHead: null, persist: false, release: true });
    expect(await store.list("head:")).toEqual([]);
    expect(await directory.persistence.freshHead("t")).toBeNull();
    // The thread is not live afterwards: the next eval starts from nothing again.
    await run(directory, "2");
    expect(client.lastEval()).toEqual({ threadId: "t", code: "2", storedHead: null, persist: false, release: true });
  });

  it('mode "call": a paused eval is stored; its resume is released and the head is gone after', async () => {
    const { directory, client, store } = setup({ store: memoryStore(), mode: "call", interruptOn: { send_email: true } });
    client.answer(await pausedReply("t"));
    const paused = await run(directory, "await tools.sendEmail({ to: 'ana@example.com' })");
    expect(paused.status).toBe("paused");
    expect((await directory.persistence.freshHead("t"))?.paused).toBe(true);

    client.answer(reply(okOutcome(), { snapshot: await makeSnapshot("t") }));
    const resumed = await directory.resume("t", { [CALL_ID]: { type: "reject" } }, undefined);
    expect(resumed.status).toBe("ok");
    expect(client.lastResume()).toMatchObject({ persist: true, release: true });
    expect(await directory.persistence.freshHead("t")).toBeNull();
    expect(await store.list("head:")).toEqual([]);
  });
});

describe("ThreadDirectory: lost threads", () => {
  it("a reply with `lost` warns, emits one restart, and the next result says it came back from its snapshot", async () => {
    const { directory, client, events } = setup({ store: memoryStore() });
    const first = await makeSnapshot("t");
    client.answer(reply(okOutcome(), { snapshot: first }), reply(errorOutcome("InternalError", "the worker died"), { lost: "the worker crashed" }));
    await run(directory, "let x = 1");
    const lost = await run(directory, "x");
    expect(lost.warnings).toHaveLength(1);
    expect(lost.warnings![0]).toContain("state was lost");
    expect(lost.warnings![0]).toContain("the worker crashed");
    expect(eventsOf(events, "restart")).toEqual([{ type: "restart", threadId: "t", reason: "the worker crashed" }]);

    client.answer(reply(okOutcome()), reply(okOutcome()));
    const next = await run(directory, "x");
    expect(client.lastEval().restore).toEqual([first.bytes]);
    expect(next.warnings).toEqual(["thread was restarted from its last snapshot (the worker crashed)"]);
    // The note comes once.
    const after = await run(directory, "x");
    expect(after.warnings).toBeUndefined();
    expect(eventsOf(events, "restart")).toHaveLength(1);
  });

  it("with nothing stored, the next result says it restarted with a fresh state", async () => {
    const { directory, client } = setup();
    client.answer(reply(okOutcome()), reply(errorOutcome("OutOfMemory", "out of memory"), { lost: "out of memory" }), reply(okOutcome()));
    await run(directory, "1");
    await run(directory, "2");
    const next = await run(directory, "3");
    expect(client.lastEval().restore).toBeUndefined();
    expect(next.warnings).toEqual(["thread was restarted with a fresh state (out of memory)"]);
  });

  it("client.onThreadsLost marks threads lost: one restart event per thread until it is used again", async () => {
    const { directory, client, events } = setup();
    client.answer(reply(okOutcome()), reply(okOutcome()));
    await run(directory, "1", "a");
    await run(directory, "1", "b");
    expect(client.onThreadsLost).toBeTypeOf("function");
    client.onThreadsLost!(["a", "b"], "worker restarted");
    client.onThreadsLost!(["a"], "worker restarted again");
    expect(eventsOf(events, "restart")).toEqual([
      { type: "restart", threadId: "a", reason: "worker restarted" },
      { type: "restart", threadId: "b", reason: "worker restarted" },
    ]);

    client.answer(reply(okOutcome()));
    const next = await run(directory, "2", "a");
    // Lost: not live, so it is treated as a thread to bring back (nothing stored here: fresh).
    expect(next.warnings).toEqual(["thread was restarted with a fresh state (worker restarted again)"]);
    client.onThreadsLost!(["a"], "a third time");
    expect(eventsOf(events, "restart").map((event) => `${event.threadId}: ${event.reason}`)).toEqual([
      "a: worker restarted",
      "b: worker restarted",
      "a: a third time",
    ]);
  });
});

describe("ThreadDirectory: pauses and resume", () => {
  const pausedSetup = async (extra: InterpreterOptions = {}) => {
    const context = setup({ store: memoryStore(), interruptOn: { send_email: { allowedDecisions: ["approve", "reject"] } }, ...extra });
    context.client.answer(await pausedReply("t"));
    const result = await run(context.directory, "await tools.sendEmail({ to: 'ana@example.com' })");
    return { ...context, result };
  };

  it("a paused reply is stored with its interrupts (and call ids), and further evals throw THREAD_PAUSED", async () => {
    const { directory, client, events, result } = await pausedSetup();
    expect(result.status).toBe("paused");
    const publicInterrupt = { id: CALL_ID, kind: "tool", name: "send_email", args: { to: "ana@example.com" }, allowedDecisions: ["approve", "reject"] };
    expect(result.interrupts).toEqual([publicInterrupt]);
    expect(eventsOf(events, "pause")).toEqual([{ type: "pause", threadId: "t", interrupts: [publicInterrupt] }]);
    const head = await directory.persistence.freshHead("t");
    expect(head).toMatchObject({ paused: true, interrupts: [{ ...publicInterrupt, guestKey: "c7" }] });

    const error = await rejection(run(directory, "1"));
    expect(error.code).toBe("THREAD_PAUSED");
    expect(client.ops).toEqual(["eval"]);
  });

  it("resume with an unknown interrupt id is UNKNOWN_INTERRUPT, and nothing is sent or logged", async () => {
    const { directory, client } = await pausedSetup();
    const error = await rejection(directory.resume("t", { "int-9": { type: "approve" } }, undefined));
    expect(error.code).toBe("UNKNOWN_INTERRUPT");
    expect(error.message).toContain(CALL_ID);
    expect(client.ops).toEqual(["eval"]);
    expect(await claimedCalls(directory)).toEqual([]);
  });

  it("a decision the interrupt does not allow is DECISION_NOT_ALLOWED", async () => {
    const { directory, client } = await pausedSetup();
    const error = await rejection(directory.resume("t", { [CALL_ID]: { type: "edit", args: { to: "eve@example.com" } } }, undefined));
    expect(error.code).toBe("DECISION_NOT_ALLOWED");
    expect(client.ops).toEqual(["eval"]);
  });

  it("approving a call of a tool this interpreter lacks is TOOL_MISSING (checked before anything is logged)", async () => {
    const { store } = await pausedSetup();
    // Another interpreter on the same store, without the tool.
    const other = setup({ store, withTool: false });
    const error = await rejection(other.directory.resume("t", { [CALL_ID]: { type: "approve" } }, undefined));
    expect(error.code).toBe("TOOL_MISSING");
    expect(error.message).toContain('"send_email"');
    expect(other.client.ops).toEqual([]);
    expect(await claimedCalls(other.directory)).toEqual([]);
  });

  it("an approved call is logged as executing under its call id, runs with that ctx.callId (the interrupt's id), and the log is cleared after", async () => {
    const { directory, client, sent } = await pausedSetup();
    const logSeen: CallLogEntry[][] = [];
    const resumed = await makeSnapshot("t");
    client.answer(async (_request, context) => {
      logSeen.push(await claimedCalls(directory));
      // The engine runs the approved call through the runner it was given.
      const results = await new Promise<CallResult[]>((resolve) => {
        context.calls.run([{ id: CALL_ID, kind: "tool", name: "send_email", args: '{"to":"ana@example.com"}', approved: true }], { threadId: "t", signal: new AbortController().signal }, resolve);
      });
      expect(results).toEqual([{ id: CALL_ID, ok: true, value: '{"sent":true}', encoding: "json" }]);
      logSeen.push(await claimedCalls(directory));
      return reply(okOutcome("done"), { snapshot: resumed });
    });

    const result = await directory.resume("t", { [CALL_ID]: { type: "approve" } }, undefined);
    expect(result.status).toBe("ok");
    expect(client.lastResume()).toMatchObject({
      threadId: "t",
      // Approve runs exactly the held call's record: the arguments the reviewer was shown.
      decisions: [{ call: { callId: CALL_ID, guestKey: "c7", kind: "tool", name: "send_email" }, run: { args: '{"to":"ana@example.com"}' } }],
      undecided: [],
      persist: true,
    });
    expect(client.lastResume().release).toBeUndefined();
    expect(logSeen[0]).toEqual([{ callId: CALL_ID, name: "send_email", args: { to: "ana@example.com" }, state: "executing" }]);
    expect(logSeen[1]).toEqual([
      { callId: CALL_ID, name: "send_email", args: { to: "ana@example.com" }, state: "done", result: { ok: true, value: '{"sent":true}', encoding: "json" } },
    ]);
    expect(sent).toEqual([{ input: { to: "ana@example.com" }, context: expect.objectContaining({ threadId: "t", callId: CALL_ID }) }]);
    expect(await claimedCalls(directory)).toEqual([]);
    expect(await directory.persistence.freshHead("t")).toMatchObject({ paused: false, chain: [resumed.id] });
  });

  it("a rejected call is answered directly: nothing is logged", async () => {
    const { directory, client } = await pausedSetup();
    const logSeen: CallLogEntry[][] = [];
    client.answer(async () => {
      logSeen.push(await claimedCalls(directory));
      return reply(okOutcome(), { snapshot: await makeSnapshot("t") });
    });
    await directory.resume("t", { [CALL_ID]: { type: "reject", message: "no" } }, undefined);
    expect(client.lastResume().decisions).toEqual([{ call: { callId: CALL_ID, guestKey: "c7", kind: "tool", name: "send_email" }, result: { ok: false, error: { name: "ToolRejected", message: "no" } } }]);
    expect(logSeen).toEqual([[]]);
  });

  it("resume of a thread that is not paused is NOT_PAUSED; of an unknown thread, UNKNOWN_THREAD", async () => {
    const { directory, client } = setup({ store: memoryStore() });
    client.answer(reply(okOutcome(), { snapshot: await makeSnapshot("t") }));
    await run(directory, "1");
    expect((await rejection(directory.resume("t", {}, undefined))).code).toBe("NOT_PAUSED");
    expect((await rejection(directory.resume("nobody", {}, undefined))).code).toBe("UNKNOWN_THREAD");
  });
});

describe("ThreadDirectory: a store shared with another directory", () => {
  it("drops a live copy made stale by another directory's write, warns, and restores the stored state", async () => {
    const store = memoryStore();
    const mine = setup({ store });
    const theirs = setup({ store });
    const first = await makeSnapshot("t");
    mine.client.answer(reply(okOutcome(), { snapshot: first }));
    await run(mine.directory, "let x = 1");

    const second = await makeSnapshot("t", { kind: "delta", parent: first.id });
    theirs.client.answer(reply(okOutcome(), { snapshot: second }));
    await run(theirs.directory, "x = 2");
    expect(theirs.client.lastEval()).toMatchObject({ storedHead: first.id, restore: [first.bytes] });

    mine.client.answer(reply(okOutcome()));
    await run(mine.directory, "x");
    expect(mine.client.requests.map((recorded) => (recorded.op === "drop" ? `drop ${recorded.threadId}` : recorded.op))).toEqual(["eval", "drop t", "eval"]);
    expect(mine.client.lastEval()).toMatchObject({ storedHead: second.id, restore: [first.bytes, second.bytes] });
    const warnings = eventsOf(mine.events, "warning");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ threadId: "t", message: expect.stringContaining("another interpreter changed this thread") });
  });

  it("keeps the live copy when the head is still the one it wrote", async () => {
    const store = memoryStore();
    const { directory, client, events } = setup({ store });
    client.answer(reply(okOutcome(), { snapshot: await makeSnapshot("t") }), reply(okOutcome()));
    await run(directory, "1");
    await run(directory, "2");
    expect(client.ops).toEqual(["eval", "eval"]);
    expect(client.lastEval().restore).toBeUndefined();
    expect(eventsOf(events, "warning")).toEqual([]);
  });
});
