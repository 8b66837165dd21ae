/**
 * The OpenAI Agents SDK approval flow across processes: a run pauses on a program's held call in
 * one Node process, its state is serialized (`state.toString()`), and another process —
 * `RunState.fromString`, `state.approve` / `state.reject`, `run(agent, state)` — resumes the program
 * where it waited, from the same fsStore (the built package, the real SDK, a scripted model).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";

const child = new URL("../fixtures/openai-agents-child.mjs", import.meta.url).pathname;
const runChild = async (...args: string[]) => JSON.parse((await promisify(execFile)(process.execPath, [child, ...args])).stdout) as Record<string, unknown>;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "quickbox-openai-agents-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function pausedInOneProcess(): Promise<{ stateFile: string; started: Record<string, unknown> }> {
  const started = await runChild("start", dir);
  const interruptions = started.interruptions as { name: string; arguments: string; callId: string }[];
  expect(interruptions).toHaveLength(1);
  expect(interruptions[0]!.name).toBe("send_email");
  expect(interruptions[0]!.callId).toMatch(/^call_[0-9a-z]{26}$/);
  const stateFile = join(dir, "state.json");
  writeFileSync(stateFile, started.state as string);
  return { stateFile, started };
}

it("approve in another process: the program continues where it waited (its locals intact) and the tool runs there once", async () => {
  const { stateFile, started } = await pausedInOneProcess();
  const resumed = await runChild("resume", dir, stateFile, "approve");
  expect(resumed.pid).not.toBe(started.pid);
  expect(resumed.finalOutput).toBe("finished");
  expect(resumed.sent).toEqual(["ada@example.com"]);
  expect(resumed.shown).toEqual([{ type: "text", text: `<result>[ 'before', 'sent to ada@example.com by ${String(resumed.pid)}' ]</result>` }]);
});

it("reject in another process: the program's await throws ToolRejected with the message, nothing is sent", async () => {
  const { stateFile } = await pausedInOneProcess();
  const resumed = await runChild("resume", dir, stateFile, "reject");
  expect(resumed.sent).toEqual([]);
  const [shown] = resumed.shown as { text: string }[];
  expect(shown!.text).toMatch(/^<error type="ToolRejected">Ada is on holiday\./);
});
