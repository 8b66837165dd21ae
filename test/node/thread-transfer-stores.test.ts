/**
 * exportThread / importThread between different kinds of store (DESIGN.md §3, §6): a paused,
 * signed thread moves fsStore → Postgres → Redis → memory as bytes, one hop per fresh
 * interpreter, keeping its held call's id; only the last one resumes it and the tool runs there
 * once. A live thread moves Redis → fsStore with its variables. Real servers (Debian's
 * PostgreSQL and redis-server, started on loopback in temporary directories).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, memoryStore, threadBundleBytes, type Interpreter, type SnapshotStore, type ToolDefinition } from "../../src/index.js";
import { fsStore } from "../../src/node.js";
import { postgresStore } from "../../src/postgres.js";
import { redisStore } from "../../src/redis.js";
import { PostgresServer, RedisServer } from "../../scripts/database-servers.mjs";

let postgres: PostgresServer;
let redis: RedisServer;
let pool: pg.Pool;
let redisClient: ReturnType<typeof createClient>;
let scratch: string;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([PostgresServer.create(), RedisServer.create()]);
  pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  pool.on("error", () => {});
  redisClient = createClient({ url: redis.url });
  redisClient.on("error", () => {});
  await redisClient.connect();
  scratch = mkdtempSync(join(tmpdir(), "quickbox-transfer-"));
}, 60_000);
afterAll(async () => {
  await redisClient?.quit().catch(() => {});
  await pool?.end();
  await Promise.all([postgres?.dispose(), redis?.dispose()]);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const snapshotSigningKey = "one signing secret for every process";

function mailer() {
  const sent: string[] = [];
  const tools: ToolDefinition<{ to: string }>[] = [{ name: "send_email", execute: ({ to }) => (sent.push(to), `sent to ${to}`) }];
  return { sent, tools };
}

async function withInterpreter<T>(store: SnapshotStore, tools: ToolDefinition<{ to: string }>[], work: (qb: Interpreter) => Promise<T>): Promise<T> {
  const qb = await createInterpreter({ isolation: "inline", store, tools, interruptOn: { send_email: true }, snapshotSigningKey });
  try {
    return await work(qb);
  } finally {
    await qb.dispose();
  }
}

describe("threads move between kinds of store", () => {
  it("a paused signed thread goes fsStore → Postgres → Redis → memory as bytes, keeps its held call id, and resumes once at the end", async () => {
    const stores: [string, SnapshotStore][] = [
      ["postgres", postgresStore(pool, { table: `transfer_${process.pid}` })],
      ["redis", redisStore(redisClient, { prefix: `transfer:${process.pid}:` })],
      ["memory", memoryStore()],
    ];
    const everyone = mailer();
    const { paused, bundle } = await withInterpreter(fsStore(join(scratch, "threads")), everyone.tools, async (qb) => {
      const paused = await qb.eval("const greeting = 'hello'; const receipt = await tools.sendEmail({ to: 'ana' }); greeting + ', ' + receipt", { threadId: "moving" });
      return { paused, bundle: threadBundleBytes(await qb.exportThread("moving")) };
    });
    expect(paused.status).toBe("paused");
    const interruptId = paused.interrupts![0]!.id;
    let bytes = bundle;
    for (const [kind, store] of stores) {
      const last = kind === "memory";
      bytes = await withInterpreter(store, everyone.tools, async (qb) => {
        await qb.importThread(bytes);
        const info = (await qb.threads()).find((thread) => thread.threadId === "moving");
        expect(info, kind).toMatchObject({ state: "paused", pendingInterrupts: 1 });
        expect(info!.interrupts!.map((interrupt) => interrupt.id), kind).toEqual([interruptId]);
        if (last) {
          const resumed = await qb.resume("moving", { [interruptId]: { type: "approve" } });
          expect(resumed.value).toBe("hello, sent to ana");
          return bytes;
        }
        return threadBundleBytes(await qb.exportThread("moving"));
      });
    }
    expect(everyone.sent).toEqual(["ana"]);
  });

  it("a live thread goes Redis → fsStore with its variables and functions", async () => {
    const none = mailer();
    const bundle = await withInterpreter(redisStore(redisClient, { prefix: `live:${process.pid}:` }), none.tools, async (qb) => {
      await qb.eval("let total = 40; function add(n) { total += n; return total }", { threadId: "live" });
      return qb.exportThread("live");
    });
    const value = await withInterpreter(fsStore(join(scratch, "live")), none.tools, async (qb) => {
      await qb.importThread(bundle, { threadId: "arrived" });
      return (await qb.eval("add(2)", { threadId: "arrived" })).value;
    });
    expect(value).toBe(42);
  });
});
