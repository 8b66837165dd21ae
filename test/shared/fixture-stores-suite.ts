/**
 * Stores written by earlier builds (test/fixtures/stores/*.json, scripts/make-store-fixture.mjs)
 * resume with this one: paused threads take their decision, others evaluate on — restored
 * directly when the build is the same, rebuilt from their journals when it is not (after any
 * change of the guest prelude or QuickJS). The same fixtures as another build's (unsigned headers
 * rewritten: test/fixtures/foreign-records.mjs) are always rebuilt. No tool runs again.
 */
import { describe, expect, it } from "vitest";
import { memoryStore, type InterpreterEvent, type SnapshotStore, type StoreRecordMeta } from "../../src/index.js";
import { BASE_IMAGE_SHA256 } from "../../src/generated/base-image-sha256.js";
import { readSnapshotHeader } from "../../src/snapshot/snapshot-codec.js";
import { foreignRecords } from "../fixtures/foreign-records.mjs";
import { FIXTURE_PROGRAMS, fixtureOptions } from "../fixtures/stores/programs.mjs";
import type { InterpreterFactory } from "./engine-suite.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

interface FixtureRecord extends StoreRecordMeta {
  key: string;
  base64: string;
}
interface Fixture {
  name: string;
  /** The build that wrote it: its commit and base image (the snapshots' headers must name that image). */
  madeBy: { commit: string; baseImage: string };
  expected: Record<string, unknown>;
  records: FixtureRecord[];
}

const fixtures = import.meta.glob("../fixtures/stores/*.json", { eager: true, import: "default" }) as Record<string, Fixture>;

function decodeBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

async function storeOf(records: { key: string; bytes: Uint8Array; sizeBytes: number; createdAt: number; threadId?: string; kind?: StoreRecordMeta["kind"] }[]): Promise<SnapshotStore> {
  const store = memoryStore();
  for (const { key, bytes, ...meta } of records) await store.put(key, bytes, { sizeBytes: meta.sizeBytes, createdAt: meta.createdAt, ...(meta.threadId !== undefined ? { threadId: meta.threadId } : {}), ...(meta.kind ? { kind: meta.kind } : {}) });
  return store;
}

export function defineFixtureStoresSuite(create: InterpreterFactory): void {
  const make = trackedInterpreters(create);
  const list = Object.values(fixtures);

  it("there is at least one stored fixture", () => {
    expect(list.length).toBeGreaterThanOrEqual(1);
  });

  describe.each(list.map((fixture) => [fixture.name, fixture] as const))("fixture %s", (_name, fixture) => {
    const records = fixture.records.map(({ base64, ...rest }) => ({ ...rest, bytes: decodeBase64(base64) }));
    const fromOtherBuild = records.some((record) => record.key.startsWith("snap:") && readSnapshotHeader(record.bytes).baseImage !== BASE_IMAGE_SHA256);

    it("says which build wrote it, and its snapshots are that build's", () => {
      expect(fixture.madeBy.commit).toMatch(/^[0-9a-f]{40}$/);
      const images = new Set(records.filter((record) => record.key.startsWith("snap:")).map((record) => readSnapshotHeader(record.bytes).baseImage));
      expect([...images]).toEqual([fixture.madeBy.baseImage]);
    });

    for (const variant of ["as stored", "as another build's"] as const) {
      it.each(Object.entries(FIXTURE_PROGRAMS))(`%s resumes ${variant}; nothing runs again`, async (threadId, program) => {
        const store = await storeOf(variant === "as stored" ? records : await foreignRecords(records));
        const runs: string[] = [];
        const events: InterpreterEvent[] = [];
        const qb = await make(fixtureOptions(store, program.signed, (event: InterpreterEvent) => events.push(event), runs));
        const info = (await qb.threads()).find((thread) => thread.threadId === threadId)!;
        expect(info.replayable).toBe(true);
        const result = program.paused ? await qb.resume(threadId, { [info.interrupts![0]!.id]: program.decision! }) : await qb.eval(program.check!, { threadId });
        expect(result.status, result.text).toBe("ok");
        expect(result.value).toEqual(fixture.expected[threadId]);
        expect(runs).toEqual(program.paused ? ["email ops@example.com"] : []);
        // Rebuilt exactly when the heap is another build's (signed fixtures keep their headers in the foreign variant).
        const rebuilt = events.some((event) => event.type === "replay");
        expect(rebuilt).toBe(fromOtherBuild || (variant === "as another build's" && !program.signed));
      });
    }
  });
}
