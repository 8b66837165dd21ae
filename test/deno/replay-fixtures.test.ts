/**
 * Threads outlive the build, in real Deno (the built package): every stored fixture
 * (test/fixtures/stores/*.json) resumes as stored and as another build's — then rebuilt from its
 * journal — in a Deno KV store and in a memory store, worker isolation; no tool runs again.
 */
import assert from "node:assert/strict";
import { createInterpreter, denoKvStore, memoryStore, type InterpreterOptions, type SnapshotStore } from "./built-package.js";
import { deno, denoTest } from "./deno-api.js";
import { foreignRecords } from "../fixtures/foreign-records.mjs";
import { FIXTURE_PROGRAMS, fixtureOptions } from "../fixtures/stores/programs.mjs";

const FIXTURE_DIR = new URL("../fixtures/stores/", import.meta.url);
const fixtureFiles = ["2026-11-26-format2.json"];

interface Fixture {
  expected: Record<string, unknown>;
  records: { key: string; base64: string; sizeBytes: number; createdAt: number; threadId?: string; kind?: "full" | "delta" | "head" | "log" | "base" }[];
}

async function load(file: string): Promise<Fixture> {
  return JSON.parse(new TextDecoder().decode(await deno.readFile(new URL(file, FIXTURE_DIR)))) as Fixture;
}

async function fill(store: SnapshotStore, records: { key: string; bytes: Uint8Array; sizeBytes: number; createdAt: number; threadId?: string; kind?: Fixture["records"][number]["kind"] }[]): Promise<void> {
  for (const { key, bytes, ...meta } of records) await store.put(key, bytes, meta);
}

for (const file of fixtureFiles) {
  for (const variant of ["as stored", "as another build's"] as const) {
    for (const storeKind of ["memory", "deno-kv"] as const) {
      denoTest(`${file} ${variant} in a ${storeKind} store: every thread resumes; nothing runs again`, async () => {
        const fixture = await load(file);
        const decoded = fixture.records.map(({ base64, ...rest }) => ({ ...rest, bytes: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)) }));
        const records = variant === "as stored" ? decoded : await foreignRecords(decoded);
        const kv = storeKind === "deno-kv" ? await deno.openKv(":memory:") : undefined;
        const store = kv ? denoKvStore(kv) : memoryStore();
        try {
          await fill(store, records);
          for (const [threadId, program] of Object.entries(FIXTURE_PROGRAMS)) {
            const runs: string[] = [];
            const replays: unknown[] = [];
            const qb = await createInterpreter(fixtureOptions(store, program.signed, (event) => event.type === "replay" && replays.push(event), runs) as InterpreterOptions);
            try {
              const info = (await qb.threads()).find((thread) => thread.threadId === threadId)!;
              const result = program.paused ? await qb.resume(threadId, { [info.interrupts![0]!.id]: program.decision! }) : await qb.eval(program.check!, { threadId });
              assert.equal(result.status, "ok", result.text);
              assert.deepEqual(result.value, fixture.expected[threadId]);
              assert.deepEqual(runs, program.paused ? ["email ops@example.com"] : []);
              if (variant === "as another build's" && !program.signed) assert.equal(replays.length, 1);
            } finally {
              await qb.dispose();
            }
          }
        } finally {
          kv?.close();
        }
      });
    }
  }
}
