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
