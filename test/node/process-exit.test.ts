/** A Node script that forgets dispose() still exits when its work is done (and not before). */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";

for (const isolation of ["worker", "inline"]) {
  it(`${isolation}: exits by itself after the last await, with every result`, async () => {
    const script = new URL("../fixtures/exit-without-dispose.mjs", import.meta.url).pathname;
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, [script, isolation], { timeout: 20_000 });
    expect(stdout.trim().split("\n")).toEqual(["<result>1999999000000</result>", "<result>tool done</result>", "threads 1", "snapshot full"]);
    // Killed by the timeout it would have thrown; this bounds how long it lingered.
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);
}

// V8 flags are the process's: Node refuses them in a worker's execArgv, so passing them on made
// every worker interpreter of such a process fail to start.
it("worker: a process started with V8 flags (--expose-gc, --max-old-space-size, --stack-trace-limit) runs worker interpreters", async () => {
  const script = new URL("../fixtures/exit-without-dispose.mjs", import.meta.url).pathname;
  const flags = ["--expose-gc", "--max-old-space-size=2048", "--stack-trace-limit=30", "--no-warnings"];
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, script, "worker"], { timeout: 20_000 });
  expect(stdout.trim().split("\n")).toEqual(["<result>1999999000000</result>", "<result>tool done</result>", "threads 1", "snapshot full"]);
}, 30_000);
