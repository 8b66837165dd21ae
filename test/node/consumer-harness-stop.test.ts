/**
 * The consumer-app runner (e2e/consumers) stops what a setup started, even a process the server
 * started in a group and session of its own that holds the server's output pipes (as wrangler's
 * workerd can): stopping returns, and nothing is left running. Before, `stop()` waited for the
 * pipes to close, which never came, and `run.mjs` never exited.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the consumer runner, without types
import { startServer, stopAll } from "../../e2e/consumers/harness/processes.mjs";

const SERVER = fileURLToPath(new URL("../fixtures/consumer-harness/server-with-detached-child.mjs", import.meta.url));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (ended, not yet reaped) counts as gone.
  return !execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).trim().startsWith("Z");
}

describe("the consumer runner's server stop", () => {
  it("stops a server and the child it started in a session of its own, and returns", async () => {
    const server = (await startServer(process.execPath, [SERVER], { cwd: process.cwd(), ready: /^ready$/m, timeoutMs: 20_000 })) as { output(): string; stop(): Promise<void> };
    const grandchild = Number(/grandchild (\d+)/.exec(server.output())![1]);
    expect(alive(grandchild)).toBe(true);
    const started = performance.now();
    await server.stop();
    expect(performance.now() - started).toBeLessThan(8000);
    for (let waitedMs = 0; waitedMs < 2000 && alive(grandchild); waitedMs += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(grandchild), `process ${grandchild} still running`).toBe(false);
  }, 20_000);

  it("stopAll stops a server whose check gave up before it was ready (nothing else would stop it)", async () => {
    const waiting = startServer(process.execPath, [SERVER], { cwd: process.cwd(), ready: /^never$/m, timeoutMs: 60_000 }) as Promise<unknown>;
    waiting.catch(() => {});
    // The server is up (it printed its grandchild) but never "ready": as a check that timed out leaves it.
    let pid = 0;
    for (let waitedMs = 0; waitedMs < 10_000 && pid === 0; waitedMs += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const line = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).split("\n").find((row) => row.includes(SERVER) && !row.includes("ps -eo"));
      pid = line ? Number(line.trim().split(/\s+/)[0]) : 0;
    }
    expect(pid).toBeGreaterThan(0);
    await stopAll();
    expect(alive(pid), `server ${pid} still running`).toBe(false);
  }, 30_000);
});
