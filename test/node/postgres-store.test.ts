/**
 * postgresStore against a real PostgreSQL server (Debian's, started by the test on loopback in a
 * temporary directory): the shared store contract, then what only a SQL store has to get right —
 * table names that are hostile or too long, thread ids PostgreSQL's text cannot hold, large
 * values, two processes creating the table at once, and a server that is down.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, isQuickboxError } from "../../src/index.js";
import { postgresStore } from "../../src/postgres.js";
import { PostgresServer } from "../../scripts/database-servers.mjs";
import { defineStoreContract } from "../shared/store-contract-suite.js";

let server: PostgresServer;
let pool: pg.Pool;
let tables = 0;
const freshTable = () => `contract_${process.pid}_${tables++}`;

beforeAll(async () => {
  server = await PostgresServer.create();
  pool = new pg.Pool({ connectionString: server.url, max: 8 });
  // An idle client the server drops (the restart case) must not end the process.
  pool.on("error", () => {});
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await server?.dispose();
});

const bytes = (...values: number[]) => Uint8Array.from(values);
const meta = (threadId?: string) => ({ sizeBytes: 1, createdAt: 1, ...(threadId === undefined ? {} : { threadId }), kind: "head" as const });

describe("postgresStore", () => {
  defineStoreContract(() => postgresStore(pool, { table: freshTable() }));

  it("creates its table on first use; the table option is always quoted: hostile names are tables, never SQL", async () => {
    const hostile = ['x"; DROP TABLE victim; --', "Robert'); DROP TABLE students;--", "with space and \"quotes\"", "ünïcødé 🦊", "UPPER_lower", "select"];
    await pool.query("CREATE TABLE IF NOT EXISTS victim (id int)");
    for (const [n, table] of hostile.entries()) {
      const store = postgresStore(pool, { table });
      await store.put(`snap:${n}`, bytes(n), meta());
      expect(await store.get(`snap:${n}`)).toEqual(bytes(n));
      expect((await store.list()).map((record) => record.key)).toEqual([`snap:${n}`]);
    }
    const { rows } = await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    const names = rows.map((row: { table_name: string }) => row.table_name);
    for (const table of hostile) expect(names).toContain(table);
    expect(names).toContain("victim");
    // A schema too, quoted the same way.
    await pool.query('CREATE SCHEMA IF NOT EXISTS "tenant ""a"""');
    const inSchema = postgresStore(pool, { schema: 'tenant "a"', table: "records" });
    await inSchema.put("head:t", bytes(1), meta("t"));
    expect((await pool.query('SELECT count(*)::int AS n FROM "tenant ""a""".records')).rows[0].n).toBe(1);
  });

  it("refuses names PostgreSQL would cut to 63 bytes (two would name one table), with U+0000, or empty: INVALID_OPTIONS", () => {
    const code = (make: () => unknown) => {
      try {
        make();
        return "none";
      } catch (error) {
        return isQuickboxError(error) ? error.code : String(error);
      }
    };
    expect(code(() => postgresStore(pool, { table: "t".repeat(63) }))).toBe("none");
    expect(code(() => postgresStore(pool, { table: "t".repeat(64) }))).toBe("INVALID_OPTIONS");
    // 32 two-byte letters: 32 characters, 64 bytes.
    expect(code(() => postgresStore(pool, { table: "é".repeat(32) }))).toBe("INVALID_OPTIONS");
    expect(code(() => postgresStore(pool, { table: "a\0b" }))).toBe("INVALID_OPTIONS");
    expect(code(() => postgresStore(pool, { table: "" }))).toBe("INVALID_OPTIONS");
    expect(code(() => postgresStore(pool, { schema: "s".repeat(64) }))).toBe("INVALID_OPTIONS");
    expect(code(() => postgresStore({} as pg.Pool))).toBe("INVALID_OPTIONS");
  });

  it("keys and thread ids with U+0000, quotes, emoji and 256 characters; list(prefix) is exact on key bytes; lone surrogates are refused", async () => {
    const store = postgresStore(pool, { table: freshTable() });
    const ids = ["nul\u0000inside", "\u0000", "quote'\"\\", "emoji 🦊🧪", "é".repeat(256), "%_*?[]"];
    for (const [n, id] of ids.entries()) await store.put(`head:${id}`, bytes(n), meta(id));
    for (const [n, id] of ids.entries()) expect(await store.get(`head:${id}`)).toEqual(bytes(n));
    const listed = await store.list("head:");
    expect(listed.map((record) => record.key).sort()).toEqual(ids.map((id) => `head:${id}`).sort());
    expect(listed.map((record) => record.threadId).sort()).toEqual([...ids].sort());
    // LIKE wildcards in a prefix are plain characters.
    expect((await store.list("head:%")).map((record) => record.key)).toEqual(["head:%_*?[]"]);
    expect(await store.list("head:nul\u0000")).toHaveLength(1);
    await expect(store.put("head:\uD800", bytes(1), meta())).rejects.toMatchObject({ code: "STORE_FAILED" });
  });

  it("a 24 MiB value round-trips as one bytea, and compareAndSet compares it whole", async () => {
    const store = postgresStore(pool, { table: freshTable() });
    const big = new Uint8Array(24 * 2 ** 20);
    for (let offset = 0; offset < big.length; offset += 65536) crypto.getRandomValues(big.subarray(offset, offset + 65536));
    expect(await store.compareAndSet("snap:big", undefined, { value: big, meta: { sizeBytes: big.length, createdAt: 1 } })).toBe(true);
    const read = (await store.get("snap:big"))!;
    expect(read.length).toBe(big.length);
    expect(Buffer.compare(read, big)).toBe(0);
    const other = big.slice();
    other[other.length - 1]! ^= 1;
    expect(await store.compareAndSet("snap:big", other, { value: bytes(1), meta: meta() })).toBe(false);
    expect(await store.compareAndSet("snap:big", big, undefined)).toBe(true);
    expect(await store.get("snap:big")).toBeUndefined();
  }, 60_000);

  it("a CREATE TABLE that lost the race to another process (duplicate_table, the catalog's unique_violation, the row type's duplicate_object) counts as created; any other error is thrown and retried", async () => {
    for (const code of ["42P07", "23505", "42710", "57P01"]) {
      const texts: string[] = [];
      const racing = {
        query: async ({ text, values }: { text: string; values?: unknown[] }) => {
          texts.push(text);
          if (text.startsWith("CREATE TABLE") && texts.length === 1) throw Object.assign(new Error(`lost the race (${code})`), { code });
          return pool.query({ text: text.replace(/"racing_table"/g, `"${raceTable}"`), values: values ?? [] });
        },
      };
      const raceTable = freshTable();
      await pool.query({ text: `CREATE TABLE "${raceTable}" (key bytea PRIMARY KEY, value bytea NOT NULL, size_bytes bigint NOT NULL, created_at bigint NOT NULL, thread_id bytea, kind text)` });
      const store = postgresStore(racing as unknown as pg.Pool, { table: "racing_table" });
      if (code === "57P01") {
        await expect(store.list()).rejects.toMatchObject({ code });
        expect(await store.list()).toEqual([]); // the next call creates the table again
        expect(texts.filter((text) => text.startsWith("CREATE TABLE"))).toHaveLength(2);
      } else {
        expect(await store.list()).toEqual([]);
        expect(texts.filter((text) => text.startsWith("CREATE TABLE"))).toHaveLength(1);
      }
    }
  });

  it("many stores (as in many processes) creating one table at the same moment all work", async () => {
    const table = freshTable();
    const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: server.url, max: 1 }));
    try {
      await Promise.all(pools.map((own, n) => postgresStore(own, { table }).put(`snap:${n}`, bytes(n), meta())));
      expect((await postgresStore(pool, { table }).list()).length).toBe(6);
    } finally {
      await Promise.all(pools.map((own) => own.end()));
    }
  });

  it("the server down: an eval it stops during gets a warning, one it stops before gets STORE_FAILED; the previous snapshot stays; back up, all goes on", async () => {
    const table = freshTable();
    const own = new pg.Pool({ connectionString: server.url, connectionTimeoutMillis: 2000 });
    own.on("error", () => {});
    const stopServer = { name: "stop_server", execute: async () => (await server.stop(), "stopped") };
    const qb = await createInterpreter({ isolation: "inline", store: postgresStore(own, { table }), tools: [stopServer] });
    try {
      expect((await qb.eval("let n = 1; n", { threadId: "down" })).value).toBe(1);
      const started = performance.now();
      const during = await qb.eval("await tools.stopServer({}); n += 1; n", { threadId: "down" });
      expect(during.status, during.text).toBe("ok");
      expect(during.value).toBe(2);
      expect(during.warnings?.join(" ")).toMatch(/snapshot not stored/);
      await expect(qb.eval("n", { threadId: "down" })).rejects.toMatchObject({ name: "QuickboxError", code: "STORE_FAILED" });
      expect(performance.now() - started).toBeLessThan(15_000);
      await server.start();
      // The store holds the last snapshot written before the server went down.
      const fresh = await createInterpreter({ isolation: "inline", store: postgresStore(pool, { table }) });
      try {
        expect((await fresh.eval("n", { threadId: "down" })).value).toBe(1);
      } finally {
        await fresh.dispose();
      }
      // This interpreter goes on too, from what the store holds (its unstored eval is not kept).
      const after = await qb.eval("n += 1; n", { threadId: "down" });
      expect(after.status, after.text).toBe("ok");
      expect(after.value).toBe(2);
    } finally {
      await qb.dispose();
      await own.end();
    }
  }, 60_000);
});
