/** A thread paused in this process resumes in another Node process, from the same fsStore. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createInterpreter } from "../../src/index.js";
import { fsStore } from "../../src/node.js";

it("pauses here and resumes in a child process exactly at the await", async () => {
  const dir = mkdtempSync(join(tmpdir(), "quickbox-xproc-"));
  try {
    const qb = await createInterpreter({
      store: fsStore(dir),
      tools: [{ name: "send_email", execute: () => "sent in parent" }],
      interruptOn: { send_email: true },
    });
    const paused = await qb.eval(
      "const memo = new Map([['greeting', 'hello']]); let steps = 0; const bump = () => ++steps; bump(); const reply = await tools.sendEmail({ to: 'child' }); bump(); `${memo.get('greeting')} ${steps} ${reply}`",
      { threadId: "xp" },
    );
    expect(paused.status).toBe("paused");
    await qb.dispose();
    const { stdout } = await promisify(execFile)(process.execPath, [new URL("../fixtures/resume-in-child.mjs", import.meta.url).pathname, dir, "xp", paused.interrupts![0]!.id]);
    const child = JSON.parse(stdout) as { status: string; value: string; sent: unknown[]; pid: number };
    expect(child.status).toBe("ok");
    expect(child.value).toBe(`hello 2 sent in child ${child.pid}`);
    expect(child.pid).not.toBe(process.pid);
    expect(child.sent).toEqual([{ to: "child" }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
