/**
 * A thread whose snapshot is larger than one Deno KV commit (800 KiB) is stored through chunking and
 * restored by another interpreter from the same KV.
 */
import assert from "node:assert/strict";
import { createInterpreter, denoKvStore } from "./built-package.js";
import { deno, denoTest } from "./deno-api.js";

const KV_MAX_COMMIT_BYTES = 800 * 1024;
const CHUNK_BYTES = 64 * 1024;

// 1.6 MB of xorshift output: incompressible, so the gzipped snapshot stays above 800 KiB.
const FILL_NOISE = `
const noise = new Uint32Array(400_000);
let seed = 0x9e3779b9;
for (let i = 0; i < noise.length; i++) { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; noise[i] = seed >>> 0; }
const checksum = () => noise.reduce((sum, value) => (sum * 31 + value) % 1_000_000_007, 7);
checksum()
`;

denoTest("a snapshot over 800 KiB round-trips through chunked commits into another interpreter", async () => {
  const kv = await deno.openKv(":memory:");
  try {
    const store = denoKvStore(kv);
    const first = await createInterpreter({ store });
    let expected: unknown;
    try {
      // With a store, every eval that changes a thread writes a snapshot: here a full one.
      const filled = await first.eval(FILL_NOISE, { threadId: "big" });
      assert.equal(filled.status, "ok", filled.text);
      expected = filled.value;
    } finally {
      await first.dispose();
    }
    const [record] = await store.list("snap:");
    assert.ok(record, "a snapshot was stored");
    assert.equal(record.kind, "full");
    assert.ok(record.sizeBytes > KV_MAX_COMMIT_BYTES, `snapshot is ${record.sizeBytes} bytes`);
    let chunks = 0;
    for await (const _ of kv.list({ prefix: ["quickbox", "chunk", record.key] })) chunks++;
    assert.equal(chunks, Math.ceil(record.sizeBytes / CHUNK_BYTES));
    assert.equal((await store.get(record.key))!.length, record.sizeBytes);

    const second = await createInterpreter({ store });
    try {
      const restored = await second.eval("[noise.length, checksum()]", { threadId: "big" });
      assert.equal(restored.status, "ok", restored.text);
      assert.deepEqual(restored.value, [400_000, expected]);
    } finally {
      await second.dispose();
    }
  } finally {
    kv.close();
  }
});
