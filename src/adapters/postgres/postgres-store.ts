/**
 * postgresStore(pool): a SnapshotStore in one PostgreSQL table, created on first use. A record is
 * one row (`value bytea`, up to PostgreSQL's 1 GB per value, so no parts); keys and thread ids
 * are `bytea` (UTF-8), since text cannot hold U+0000 and thread ids can. compareAndSet is one
 * conditional statement — `UPDATE … WHERE key = $1 AND value = $2`, `INSERT … ON CONFLICT DO
 * NOTHING`, `DELETE … WHERE value = $2` — which PostgreSQL runs atomically against every other
 * writer of the row (a concurrent one re-checks the condition on the row it waited for).
 */
import { pruneSnapshots, QuickboxError, type AtomicSnapshotStore, type PruneOptions, type StoreRecord } from "../../index.js";
import { withWellFormedKeys } from "../../adapter-support.js";
import { quoteIdentifier } from "./sql-identifiers.js";

/** The part of node-postgres (`pg`) postgresStore calls: a `Pool` (or a connected `Client`) fits it. */
export interface PgQueryableLike {
  query(config: { text: string; values?: unknown[] }): Promise<{ rows: Record<string, unknown>[]; rowCount: number | null }>;
}

export interface PostgresStoreOptions {
  /** The table (created on first use). Default "quickbox_records". At most 63 bytes. */
  table?: string;
  /** The table's schema. Default: the connection's search_path. At most 63 bytes. */
  schema?: string;
}

export const DEFAULT_POSTGRES_TABLE = "quickbox_records";

const utf8 = new TextEncoder();
const text = new TextDecoder();
const bytesOf = (value: string) => Buffer.from(utf8.encode(value));
const asBuffer = (value: Uint8Array) => Buffer.from(value.buffer, value.byteOffset, value.byteLength);

/**
 * Another process created the table at the same moment (CREATE TABLE IF NOT EXISTS is not atomic against a
 * concurrent one): duplicate_table, unique_violation on the catalog, or duplicate_object for the table's row type
 * (`type "…" already exists`, seen with six pools creating one table at once).
 */
const CREATED_ELSEWHERE = new Set(["42P07", "23505", "42710"]);

export function postgresStore(pool: PgQueryableLike, options: PostgresStoreOptions = {}): AtomicSnapshotStore {
  if (typeof pool !== "object" || pool === null || typeof pool.query !== "function") throw new QuickboxError("INVALID_OPTIONS", "postgresStore: pool must be a pg Pool (or a connected Client)");
  const table = (options.schema === undefined ? "" : `${quoteIdentifier(options.schema, "schema")}.`) + quoteIdentifier(options.table ?? DEFAULT_POSTGRES_TABLE, "table");
  let created: Promise<void> | undefined;

  function ensureTable(): Promise<void> {
    created ??= pool
      .query({
        text: `CREATE TABLE IF NOT EXISTS ${table} (key bytea PRIMARY KEY, value bytea NOT NULL, size_bytes bigint NOT NULL, created_at bigint NOT NULL, thread_id bytea, kind text)`,
      })
      .then(
        () => undefined,
        (error: { code?: string }) => {
          if (CREATED_ELSEWHERE.has(error?.code ?? "")) return;
          created = undefined; // the next call tries again
          throw error;
        },
      );
    return created;
  }

  // Parameters that are Buffers travel in binary; results as text (pg decodes bytea's hex).
  async function query(text: string, values: unknown[]) {
    await ensureTable();
    return pool.query({ text, values });
  }

  const row = (key: string, value: Uint8Array, meta: { sizeBytes: number; createdAt: number; threadId?: string; kind?: string }) => [
    bytesOf(key),
    asBuffer(value),
    meta.sizeBytes,
    meta.createdAt,
    meta.threadId === undefined ? null : bytesOf(meta.threadId),
    meta.kind ?? null,
  ];
  const COLUMNS = "(key, value, size_bytes, created_at, thread_id, kind) VALUES ($1, $2, $3, $4, $5, $6)";
  const SET = "value = $2, size_bytes = $3, created_at = $4, thread_id = $5, kind = $6";

  const store: AtomicSnapshotStore = {
    async get(key) {
      const { rows } = await query(`SELECT value FROM ${table} WHERE key = $1`, [bytesOf(key)]);
      const value = rows[0]?.value;
      return value instanceof Uint8Array ? new Uint8Array(value) : undefined;
    },
    async put(key, value, meta) {
      await query(`INSERT INTO ${table} ${COLUMNS} ON CONFLICT (key) DO UPDATE SET ${SET}`, row(key, value, meta));
    },
    async delete(key) {
      await query(`DELETE FROM ${table} WHERE key = $1`, [bytesOf(key)]);
    },
    async list(prefix = "") {
      // Keys starting with `prefix` sort (bytewise) before prefix + byte 0xFF: UTF-8 never has that byte.
      const upper = Buffer.concat([bytesOf(prefix), Buffer.from([0xff])]);
      const { rows } = await query(`SELECT key, size_bytes, created_at, thread_id, kind FROM ${table} WHERE key >= $1 AND key < $2 ORDER BY key`, [bytesOf(prefix), upper]);
      return rows.map((found): StoreRecord => {
        const record: StoreRecord = { key: text.decode(found.key as Uint8Array), sizeBytes: Number(found.size_bytes), createdAt: Number(found.created_at) };
        if (found.thread_id) record.threadId = text.decode(found.thread_id as Uint8Array);
        if (found.kind) record.kind = String(found.kind) as StoreRecord["kind"];
        return record;
      });
    },
    async compareAndSet(key, expected, next) {
      if (expected === undefined && next === undefined) return (await query(`SELECT 1 FROM ${table} WHERE key = $1`, [bytesOf(key)])).rows.length === 0;
      if (expected === undefined) return (await query(`INSERT INTO ${table} ${COLUMNS} ON CONFLICT (key) DO NOTHING`, row(key, next!.value, next!.meta))).rowCount === 1;
      if (next === undefined) return (await query(`DELETE FROM ${table} WHERE key = $1 AND value = $2`, [bytesOf(key), asBuffer(expected)])).rowCount === 1;
      const values = [...row(key, next.value, next.meta), asBuffer(expected)];
      return (await query(`UPDATE ${table} SET ${SET} WHERE key = $1 AND value = $7`, values)).rowCount === 1;
    },
    prune: (pruneOptions?: PruneOptions) => pruneSnapshots(store, pruneOptions),
  };
  return withWellFormedKeys(store, "postgresStore");
}
