#!/usr/bin/env node
// Writes a store that this build made to test/fixtures/stores/<name>.json: threads (paused and not,
// unsigned and signed) whose programs use tools, task(), timers, the seeded generator, Intl, a
// TypeScript cell. The suite resumes every fixture with the current build (test/shared/
// fixture-stores-suite.ts): after any change of the guest prelude or QuickJS, that is a real
// rebuild from journals written by an older build. Keep old fixtures; add one per snapshot format.
//
//   npm run build && node scripts/make-store-fixture.mjs <name>
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterpreter, memoryStore } from "../dist/index.js";
import { FIXTURE_PROGRAMS, FIXTURE_SIGNING_KEY, fixtureOptions } from "../test/fixtures/stores/programs.mjs";

const name = process.argv[2];
if (!name) throw new Error("usage: node scripts/make-store-fixture.mjs <name>");
const store = memoryStore();
for (const [threadId, program] of Object.entries(FIXTURE_PROGRAMS)) {
  const qb = await createInterpreter(fixtureOptions(store, program.signed, () => {}));
  let last;
  for (const cell of program.cells) last = await qb.eval(cell, { threadId });
  if ((last.status === "paused") !== Boolean(program.paused)) throw new Error(`${threadId}: expected ${program.paused ? "a pause" : "no pause"}, got ${last.text}`);
  await qb.dispose();
}
// What each thread gives when the suite resumes it (computed here, on the copy of the store this
// build made: a later build's rebuild must give the same).
const expected = {};
const copy = memoryStore();
for (const record of await store.list()) await copy.put(record.key, await store.get(record.key), record);
for (const [threadId, program] of Object.entries(FIXTURE_PROGRAMS)) {
  const qb = await createInterpreter(fixtureOptions(copy, program.signed, () => {}));
  const info = (await qb.threads()).find((thread) => thread.threadId === threadId);
  const result = program.paused ? await qb.resume(threadId, { [info.interrupts[0].id]: program.decision }) : await qb.eval(program.check, { threadId });
  if (result.status !== "ok") throw new Error(`${threadId}: ${result.text}`);
  expected[threadId] = result.value;
  await qb.dispose();
}
const records = [];
for (const record of await store.list()) {
  const bytes = await store.get(record.key);
  records.push({ ...record, base64: Buffer.from(bytes).toString("base64") });
}
const file = new URL(`../test/fixtures/stores/${name}.json`, import.meta.url);
// Which build wrote it: the commit (and whether the tree had changes beside it) and the base image.
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const baseImage = /BASE_IMAGE_SHA256 = "([0-9a-f]{64})"/.exec(readFileSync(new URL("../src/generated/base-image-sha256.ts", import.meta.url), "utf8"))[1];
const madeBy = { commit: git("rev-parse", "HEAD"), uncommittedChanges: git("status", "--porcelain", "--untracked-files=no") !== "", baseImage };
writeFileSync(file, JSON.stringify({ name, writtenAt: new Date().toISOString(), madeBy, expected, records }, null, 1) + "\n");
console.log(`wrote ${records.length} records to ${file.pathname}`);
