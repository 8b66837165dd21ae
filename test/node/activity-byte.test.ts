// The guest's activity byte (activity-protocol.ts): found once per base image, marked by whatever
// an eval does besides computing its value, cleared when the next session opens. The at-once
// fast path (engine/quick-finish.ts) reads it instead of calling into the guest.
import { describe, expect, it } from "vitest";
import { activityByteAddress } from "../../src/engine/activity-byte.js";
import { getBaseImage } from "../../src/engine/base-image.js";
import { EVAL_GLOBAL } from "../../src/engine/guest-calls.js";
import { QuickJSThread } from "../../src/engine/quickjs-thread.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { ACTIVITY_BUFFER_BYTES, activitySignatureByte } from "../../src/activity-protocol.js";

const CONFIG = { maxJournalBytes: 2 ** 20, memoryLimitBytes: 16 * 2 ** 20, maxStackSizeBytes: 256 * 1024, clock: "virtual", randomSeed: 1 } as const;
const LIMITS = { timeoutMs: 5000, wallTimeoutMs: 5000, maxResultChars: 4000, maxValueChars: 2 ** 20, maxToolCalls: null, maxConcurrentToolCalls: 8, maxTaskCalls: null, maxConcurrentTasks: 4 };
const MANIFEST = { tools: [{ name: "echo", key: "echo", description: "echo", signature: "echo(input: object): Promise<unknown>" }], subagents: { enabled: false, types: [] } };

async function thread() {
  const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
  const created = await QuickJSThread.create(image, CONFIG);
  // A first eval gives the guest its configuration (the tool above).
  await created.eval("0", "cell-0.js", LIMITS, MANIFEST);
  return { image, thread: created };
}

/** Runs `code` in the thread's open session without ending it (as a cell's own code would). */
function runInSession(target: QuickJSThread, code: string): void {
  const { calls } = target.port;
  const value = calls.evalScript(code, "probe.js", EVAL_GLOBAL);
  const exception = calls.takeException(value);
  if (exception) {
    calls.freeValue(exception);
    throw new Error(`probe threw: ${code}`);
  }
  calls.freeValue(value);
  calls.runPendingJobs(() => true);
}

describe("the activity byte", () => {
  it("is found exactly once in the base image, with its signature, and reads clear in a fresh thread", async () => {
    const { image, thread: fresh } = await thread();
    const address = activityByteAddress(image);
    expect(address).toBeGreaterThan(0);
    for (let index = 1; index < ACTIVITY_BUFFER_BYTES; index++) expect(image.bytes[address + index]).toBe(activitySignatureByte(index));
    expect(fresh.port.active).toBe(false);
  });

  it.each([
    ["console output", "console.log('x')"],
    ["an empty console line", "console.log()"],
    ["a timer, even one cleared again", "clearTimeout(setTimeout(() => {}, 1000))"],
    ["a tool call not awaited", "tools.echo({ a: 1 })"],
    ["progress", "progress(1)"],
  ])("is marked by %s and cleared when the next session opens", async (_label, code) => {
    const { thread: target } = await thread();
    expect(target.port.active).toBe(false);
    runInSession(target, code);
    expect(target.port.active).toBe(true);
    target.port.callVoid("endSession");
    expect(target.port.active).toBe(false);
  });

  it("stays clear through computing alone, and the eval ends with the value", async () => {
    const { thread: target } = await thread();
    runInSession(target, "let s = 0; for (let i = 0; i < 1000; i++) s += i; JSON.stringify({ s }).length");
    expect(target.port.active).toBe(false);
    const outcome = await target.eval("40 + 2", "cell-1.js", LIMITS, MANIFEST);
    expect(outcome).toMatchObject({ status: "ok", body: "42", stdout: "" });
    expect(target.port.active).toBe(false);
  });
});
