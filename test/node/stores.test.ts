import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../src/index.js";
import { fsStore } from "../../src/node.js";
import { defineStoreContract } from "../shared/store-contract-suite.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "quickbox-store-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("memoryStore", () => defineStoreContract(() => memoryStore()));

describe("fsStore", () => {
  defineStoreContract(() => fsStore(join(tempDir(), "nested", "store")));

  it("a write that dies before its rename leaves the previous record", async () => {
    const dir = tempDir();
    const store = fsStore(dir);
    await store.put("head:t", Uint8Array.from([1]), { sizeBytes: 1, createdAt: 1 });
    // What a crash mid-write leaves behind: a partial temporary file next to the record.
    const [record] = readdirSync(dir);
    writeFileSync(join(dir, `${record}.123.0.tmp`), Uint8Array.from([0, 0]));
    expect(await store.get("head:t")).toEqual(Uint8Array.from([1]));
    expect((await store.list()).map((r) => r.key)).toEqual(["head:t"]);
  });
});
