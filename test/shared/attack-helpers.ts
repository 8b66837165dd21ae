/**
 * Helpers for the attack-review suites: what an attacker with write access to the snapshot store
 * does (edit a thread's head JSON, re-encode a snapshot with a changed manifest), and how the
 * host's own event loop is watched while an eval runs.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { isQuickboxError, type Interpreter, type InterpreterOptions, type SnapshotStore } from "../../src/index.js";
import { decodeSnapshot, encodeSnapshot, readSnapshotHeader, snapshotId } from "../../src/snapshot/snapshot-codec.js";
import type { ChunkSet } from "../../src/snapshot/memory-chunks.js";

/** The promise rejects with QuickboxError `code` (and `reason`); anything else fails the test. */
export async function expectCode(promise: Promise<unknown>, code: string, reason?: string): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(isQuickboxError(error), `expected QuickboxError ${code}, got ${String(error)}`).toBe(true);
    expect((error as { code: string }).code, String(error)).toBe(code);
    if (reason) expect((error as { reason?: string }).reason, String(error)).toBe(reason);
    return error as Error;
  }
  throw new Error(`expected QuickboxError ${code}, but it resolved`);
}

/** The promise rejects with some QuickboxError (never a raw TypeError/RangeError), or resolves. */
export async function settleAsQuickbox<T>(promise: Promise<T>): Promise<{ value?: T; error?: { code: string; reason?: string; message: string } }> {
  try {
    return { value: await promise };
  } catch (error) {
    expect(isQuickboxError(error), `a raw exception escaped: ${String(error)}\n${(error as Error)?.stack ?? ""}`).toBe(true);
    const { code, reason, message } = error as { code: string; reason?: string; message: string };
    return { error: { code, ...(reason ? { reason } : {}), message } };
  }
}

/** Rejects when `promise` takes longer than `ms` (a hang is a failure, not a test timeout). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (a hang)`)), ms);
    }),
  ]);
}

export const HEAD_KEY = (threadId: string) => `head:${threadId}`;

/** The stored head of a thread as JSON (whatever it holds: mac included). */
export async function readHeadJson(store: SnapshotStore, threadId: string): Promise<Record<string, any>> {
  const bytes = await store.get(HEAD_KEY(threadId));
  if (!bytes) throw new Error(`no head for ${threadId}`);
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, any>;
}

/** Writes raw head bytes, the way a store writer would. */
export async function putHeadBytes(store: SnapshotStore, threadId: string, bytes: Uint8Array): Promise<void> {
  await store.put(HEAD_KEY(threadId), bytes, { sizeBytes: bytes.length, createdAt: Date.now(), threadId, kind: "head" });
}

export async function putHeadText(store: SnapshotStore, threadId: string, text: string): Promise<void> {
  await putHeadBytes(store, threadId, new TextEncoder().encode(text));
}

/** Parses the head, lets `edit` change it (a consistent edit: the JSON stays a head), writes it back. */
export async function editHead(store: SnapshotStore, threadId: string, edit: (head: Record<string, any>) => void): Promise<Record<string, any>> {
  const head = await readHeadJson(store, threadId);
  edit(head);
  await putHeadText(store, threadId, JSON.stringify(head));
  return head;
}

export interface ForgeableManifest {
  thread: { memoryBytes: number; pause: null | { interrupts: unknown[]; issued: { tool: number; task: number } }; [key: string]: unknown };
  core: { cells: number };
  memoryChunks: number;
}

/**
 * A consistent forgery of the thread's last snapshot (no signing key): decoded, its manifest and
 * chunk table edited, encoded again; stored under its new id, and the head's chain points at it.
 */
export async function forgeLastSnapshot(
  store: SnapshotStore,
  threadId: string,
  edit: (parts: { header: Record<string, any>; manifest: ForgeableManifest; chunks: ChunkSet }) => ChunkSet | void,
): Promise<string> {
  const head = await readHeadJson(store, threadId);
  const lastId = head.chain[head.chain.length - 1] as string;
  const bytes = (await store.get(`snap:${lastId}`))!;
  const header = readSnapshotHeader(bytes);
  const decoded = await decodeSnapshot<ForgeableManifest>(bytes, { wasmBuild: header.wasmBuild, baseImage: header.baseImage }, {});
  const { rawBytes: _r, bodyBytes: _b, compression: _c, iv: _i, signed: _s, chunkBytes: _k, ...plainHeader } = decoded.header;
  const editable = { header: plainHeader as Record<string, any>, manifest: decoded.manifest, chunks: decoded.chunks };
  const chunks = edit(editable) ?? editable.chunks;
  const forged = await encodeSnapshot(editable.header as Parameters<typeof encodeSnapshot>[0], editable.manifest, chunks, {});
  const id = await snapshotId(forged);
  await store.put(`snap:${id}`, forged, { sizeBytes: forged.length, createdAt: Date.now(), threadId, kind: editable.header.kind });
  head.chain[head.chain.length - 1] = id;
  await putHeadText(store, threadId, JSON.stringify(head));
  return id;
}

/**
 * Runs `work` while a 10 ms interval ticks on the host; returns the longest gap between ticks
 * (the host's event-loop stall), measured until `work` settles.
 */
export async function hostStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; elapsedMs: number }> {
  const started = performance.now();
  let last = started;
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    const value = await work();
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    return { value, stallMs, elapsedMs: now - started };
  } finally {
    clearInterval(ticker);
  }
}

/** The host's event loop may not stop for longer than this while an eval runs. */
export const MAX_HOST_STALL_MS = 250;

/**
 * hostStall, but a run that stalls the host for MAX_HOST_STALL_MS or more, or takes `quickMs` or
 * more, is measured again, up to three runs (the work must be repeatable): on a loaded machine
 * the OS may not schedule the test process for a while, which does not repeat; quickbox blocking
 * the host, or working exponentially, on the same input does. The best run counts.
 */
export async function repeatableHostStall<T>(work: () => Promise<T>, quickMs = Infinity): Promise<{ value: T; stallMs: number; elapsedMs: number }> {
  const overBy = (run: { stallMs: number; elapsedMs: number }) => Math.max(run.stallMs / MAX_HOST_STALL_MS, run.elapsedMs / quickMs);
  let best = await hostStall(work);
  for (let run = 1; run < 3 && overBy(best) >= 1; run++) {
    const next = await hostStall(work);
    if (overBy(next) < overBy(best)) best = next;
  }
  return best;
}

/**
 * One interpreter for the tests of a describe block (each test on its own thread): created before
 * the first, disposed after the last. Saves a worker start per test.
 */
export function sharedInterpreter(create: (options?: InterpreterOptions) => Promise<Interpreter>, options: InterpreterOptions): () => Interpreter {
  let qb: Interpreter | undefined;
  beforeAll(async () => {
    qb = await create(options);
  });
  afterAll(async () => {
    await qb?.dispose().catch(() => {});
  });
  return () => qb!;
}
