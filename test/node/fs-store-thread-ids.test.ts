/**
 * Attack review, part D (20), Node only: fsStore with thread ids a file name cannot hold as they
 * are — 250 characters, non-ASCII letters, emoji, path separators. Eval, snapshot, reset and a
 * restore elsewhere work (no STORE_FAILED), and threads() lists them under their own ids.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createInterpreter, type InterpreterOptions, type Isolation } from "../../src/index.js";
import { fsStore } from "../../src/node.js";
import { trackedInterpreters } from "../shared/tracked-interpreters.js";

const THREAD_IDS = [
  "t".repeat(250),
  "ünïcødé-" + "ß".repeat(120),
  "emoji-🦊🧪🚀-" + "😀".repeat(60),
  "ünïcødé-short",
  "slashes/../and\\back%2Fslashes",
  "h-" + "0".repeat(64),
  "a".repeat(170) + "é",
];

for (const isolation of ["inline", "worker"] as Isolation[]) {
  describe(`fsStore thread ids (Node, ${isolation})`, () => {
    const make = trackedInterpreters((options?: InterpreterOptions) => createInterpreter({ ...options, isolation }));
    const dirs: string[] = [];
    afterEach(async () => {
      await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
    });

    it("20. eval, snapshot, reset and restore work for long and non-ASCII thread ids; threads() lists them", async () => {
      const dir = await mkdtemp(join(tmpdir(), "quickbox-ids-"));
      dirs.push(dir);
      const qb = await make({ store: fsStore(dir) });
      for (const [index, threadId] of THREAD_IDS.entries()) {
        const result = await qb.eval(`const mine = ${index}; let count = 1; count`, { threadId });
        expect(result.status, `${threadId.slice(0, 40)}: ${result.text} ${result.warnings?.join("; ") ?? ""}`).toBe("ok");
        expect(result.warnings ?? []).toEqual([]);
        const info = await qb.snapshot(threadId);
        expect(info.threadId).toBe(threadId);
      }
      expect((await qb.threads()).map((info) => info.threadId).sort()).toEqual([...THREAD_IDS].sort());
      for (const name of await readdir(dir)) expect(Buffer.byteLength(name)).toBeLessThan(255);
      await qb.dispose();

      // Another interpreter on the directory finds every thread under its own id and restores it.
      const other = await make({ store: fsStore(dir) });
      expect((await other.threads()).map((info) => info.threadId).sort()).toEqual([...THREAD_IDS].sort());
      for (const [index, threadId] of THREAD_IDS.entries()) {
        const result = await other.eval("count++; [mine, count]", { threadId });
        expect(result.value, `${threadId.slice(0, 40)}: ${result.text}`).toEqual([index, 2]);
      }
      for (const threadId of THREAD_IDS.slice(0, 3)) await other.reset(threadId);
      expect((await other.threads()).map((info) => info.threadId).sort()).toEqual(THREAD_IDS.slice(3).sort());
      const third = await make({ store: fsStore(dir) });
      expect((await third.threads()).map((info) => info.threadId).sort()).toEqual(THREAD_IDS.slice(3).sort());
      expect((await third.eval("typeof mine", { threadId: THREAD_IDS[0]! })).value).toBe("undefined");
      expect((await third.eval("mine", { threadId: THREAD_IDS[4]! })).value).toBe(4);
    });
  });
}
