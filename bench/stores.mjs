// Server stores benchmark (issue 28): pause → resume of a small program through each store, built
// package, inline isolation, one interpreter per store. PostgreSQL and Redis are real servers
// started here on loopback (scripts/database-servers.mjs; Debian's postgresql and redis-server).
// Prints a table (median ms over ROUNDS, each round a new thread), writes JSON.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { Redis } from "ioredis";
import { createInterpreter } from "../dist/index.js";
import { fsStore } from "../dist/node.js";
import { postgresStore } from "../dist/postgres.js";
import { redisStore } from "../dist/redis.js";
import { PostgresServer, RedisServer } from "../scripts/database-servers.mjs";

const ROUNDS = 25;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const PROGRAM = `const memo = new Map([["greeting", "hello"]]); let steps = 1; class Counter { n = 0; bump() { return ++this.n } }
const counter = new Counter(); counter.bump();
const receipt = await tools.sendEmail({ to: "ana@example.com" }); steps++; [memo.get("greeting"), steps, receipt]`;

async function measure(label, store) {
  const qb = await createInterpreter({ isolation: "inline", store, tools: [{ name: "send_email", execute: ({ to }) => `sent to ${to}` }], interruptOn: { send_email: true } });
  const pauses = [];
  const resumes = [];
  try {
    for (let round = -3; round < ROUNDS; round++) {
      const threadId = `bench-${round}`;
      const t0 = performance.now();
      const paused = await qb.eval(PROGRAM, { threadId });
      const t1 = performance.now();
      if (paused.status !== "paused") throw new Error(`${label}: ${paused.text}`);
      const done = await qb.resume(threadId, { [paused.interrupts[0].id]: { type: "approve" } });
      const t2 = performance.now();
      if (done.status !== "ok") throw new Error(`${label}: ${done.text}`);
      if (round < 0) continue; // warm-up
      pauses.push(t1 - t0);
      resumes.push(t2 - t1);
    }
  } finally {
    await qb.dispose();
  }
  return { label, pauseMs: median(pauses), resumeMs: median(resumes), totalMs: median(pauses.map((p, i) => p + resumes[i])) };
}

const dir = mkdtempSync(join(tmpdir(), "quickbox-bench-stores-"));
const [postgres, redis] = await Promise.all([PostgresServer.create(), RedisServer.create()]);
const pool = new pg.Pool({ connectionString: postgres.url });
pool.on("error", () => {});
const nodeRedis = await createClient({ url: redis.url }).on("error", () => {}).connect();
const ioredis = new Redis(redis.url);
const rows = [];
try {
  rows.push(await measure("fsStore (local disk)", fsStore(join(dir, "fs"))));
  rows.push(await measure("postgresStore (pg, loopback)", postgresStore(pool)));
  rows.push(await measure("redisStore (node-redis, loopback)", redisStore(nodeRedis, { prefix: "bench-a:" })));
  rows.push(await measure("redisStore (ioredis, loopback)", redisStore(ioredis, { prefix: "bench-b:" })));
} finally {
  await pool.end();
  nodeRedis.destroy();
  ioredis.disconnect();
  await Promise.all([postgres.dispose(), redis.dispose()]);
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\npause → resume through each store (median of ${ROUNDS}, ms; inline isolation, a small program)`);
console.log("store".padEnd(36) + "pause".padStart(9) + "resume".padStart(9) + "total".padStart(9));
for (const row of rows) console.log(row.label.padEnd(36) + row.pauseMs.toFixed(2).padStart(9) + row.resumeMs.toFixed(2).padStart(9) + row.totalMs.toFixed(2).padStart(9));
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/stores.json", import.meta.url), JSON.stringify({ rounds: ROUNDS, rows }, null, 2));
