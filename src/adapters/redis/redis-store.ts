/**
 * redisStore(client): a SnapshotStore in Redis (node-redis or ioredis, redis-client.ts), on the
 * parted-record layer (src/stores/parted/). Every write is one Lua script, which Redis runs alone:
 * it checks the record's index, then applies all of its sets and deletes, so compareAndSet is
 * atomic across every process and machine that shares the server.
 *
 *   <prefix>i:<key>              index JSON { meta, generation, byteLength, partCount }
 *   <prefix>p:<generation>:<n>   part n (bytes, at most maxPartBytes)
 *   <prefix>records              sorted set of the record keys (list(prefix) reads a range of it)
 *   <prefix>loose                hash: generation → loose write JSON (parts no index names)
 */
import { QuickboxError, type AtomicSnapshotStore } from "../../index.js";
import { bytesOption, isWellFormed, partedStore, withWellFormedKeys, type LooseWrite, type PartedIndex, type PartedWrite, type SmallValueBackend } from "../../adapter-support.js";
import { isRedisClient, redisDriver, type RedisClientLike } from "./redis-client.js";

export interface RedisStoreOptions {
  /** Prefix of every key this store writes. Default "quickbox:". A hash tag (`{qb}:`) keeps them in one cluster slot. */
  prefix?: string;
  /** Values above this are stored in parts of this size. Default 512 KiB. */
  maxPartBytes?: number;
  /** How long a call waits for a disconnected client to be ready again before STORE_FAILED. Default 5000. */
  readyTimeoutMs?: number;
  /** prune() also removes parts of writes that never finished once they started this long ago. Default 1 hour. */
  abandonedWriteAgeMs?: number;
}

export const DEFAULT_REDIS_PART_BYTES = 512 * 1024;
/** One script carries at most this many part bytes and this many keys: Redis runs it alone, so it stays short. */
const MAX_WRITE_BYTES = 4 * 2 ** 20;
const MAX_WRITE_KEYS = 256;
const PAGE = 256;

/** KEYS[1]: the index checked (ARGV[1] "none" | "absent" | "equal" ARGV[2]); then one command per further key: ARGV name, argc, args. */
const WRITE_SCRIPT = `
if ARGV[1] ~= 'none' then
  local current = redis.call('GET', KEYS[1])
  if ARGV[1] == 'absent' and current then return 0 end
  if ARGV[1] == 'equal' and current ~= ARGV[2] then return 0 end
end
local a = 3
for k = 2, #KEYS do
  local argc = tonumber(ARGV[a + 1])
  redis.call(ARGV[a], KEYS[k], unpack(ARGV, a + 2, a + 1 + argc))
  a = a + 2 + argc
end
return 1`;

function parseIndex(json: unknown): PartedIndex | undefined {
  if (typeof json !== "string") return undefined;
  const index = JSON.parse(json) as Partial<PartedIndex>;
  return typeof index.meta === "object" && typeof index.generation === "string" && typeof index.byteLength === "number" && typeof index.partCount === "number" ? (index as PartedIndex) : undefined;
}

/** HGETALL's reply: a flat [field, value, …] array (RESP2) or a map (RESP3). */
const pairsOf = (reply: unknown): [string, string][] => {
  if (!Array.isArray(reply)) return Object.entries(reply as Record<string, string>);
  return Array.from({ length: reply.length / 2 }, (_, i) => [String(reply[2 * i]), String(reply[2 * i + 1])] as [string, string]);
};

const utf8 = new TextEncoder();

export function redisStore(client: RedisClientLike, options: RedisStoreOptions = {}): AtomicSnapshotStore {
  if (!isRedisClient(client)) throw new QuickboxError("INVALID_OPTIONS", "redisStore: client must be a node-redis client (createClient from \"redis\") or an ioredis client");
  const prefix = options.prefix ?? "quickbox:";
  if (typeof prefix !== "string" || !isWellFormed(prefix)) throw new QuickboxError("INVALID_OPTIONS", "redisStore: prefix must be a well-formed string");
  const readyTimeoutMs = options.readyTimeoutMs ?? 5000;
  if (!(readyTimeoutMs >= 0)) throw new QuickboxError("INVALID_OPTIONS", "redisStore: readyTimeoutMs must be a number ≥ 0");
  const redis = redisDriver(client, readyTimeoutMs);
  const [indexKey, partKey] = [(key: string) => `${prefix}i:${key}`, (generation: string, n: number) => `${prefix}p:${generation}:${n}`];
  const [recordsKey, looseKey] = [`${prefix}records`, `${prefix}loose`];
  const partBytes = (write: PartedWrite) => write.parts.reduce((sum, part) => sum + part.bytes.length, 0);
  const keyCount = (write: PartedWrite) => write.loose.length + write.parts.length + 2 + write.deleteParts.length + write.deleteLoose.length;

  const backend: SmallValueBackend<string> & { atomic: true } = {
    maxPartBytes: bytesOption(options.maxPartBytes, DEFAULT_REDIS_PART_BYTES, MAX_WRITE_BYTES, "maxPartBytes"),
    maxInlineBytes: 0,
    atomic: true,
    fits: (write) => keyCount(write) <= MAX_WRITE_KEYS && partBytes(write) <= MAX_WRITE_BYTES,
    async readIndex(key) {
      const json = await redis.send(["GET", indexKey(key)]);
      const index = parseIndex(json);
      return index ? { index, version: json as string } : undefined;
    },
    async readParts(_key, index) {
      const parts: Uint8Array[] = [];
      for (let n = 0; n < index.partCount; n += PAGE) {
        const keys = Array.from({ length: Math.min(PAGE, index.partCount - n) }, (_, i) => partKey(index.generation, n + i));
        for (const part of (await redis.send(["MGET", ...keys], true)) as (Uint8Array | null)[]) {
          if (!(part instanceof Uint8Array)) return undefined;
          parts.push(part);
        }
      }
      return parts;
    },
    async write(write, check) {
      const keys: string[] = [check ? indexKey(check.key) : recordsKey];
      const args: (string | Uint8Array)[] = [check ? (check.version === null ? "absent" : "equal") : "none", check?.version ?? ""];
      const command = (key: string, name: string, ...rest: (string | Uint8Array)[]) => (keys.push(key), args.push(name, String(rest.length), ...rest));
      for (const { generation, loose } of write.loose) command(looseKey, "HSET", generation, JSON.stringify(loose));
      for (const { slot, bytes } of write.parts) command(partKey(slot.generation, slot.n), "SET", bytes);
      if (write.index?.index) {
        const { meta, generation, byteLength, partCount } = write.index.index;
        command(indexKey(write.index.key), "SET", JSON.stringify({ meta, generation, byteLength, partCount }));
        command(recordsKey, "ZADD", "0", write.index.key);
      } else if (write.index) {
        command(indexKey(write.index.key), "DEL");
        command(recordsKey, "ZREM", write.index.key);
      }
      for (const slot of write.deleteParts) command(partKey(slot.generation, slot.n), "DEL");
      for (const generation of write.deleteLoose) command(looseKey, "HDEL", generation);
      return Number(await redis.send(["EVAL", WRITE_SCRIPT, String(keys.length), ...keys, ...args])) === 1;
    },
    async *listIndexes(keyPrefix) {
      // Members starting with keyPrefix sort before keyPrefix + byte 0xFF (UTF-8 never has that byte).
      const max = keyPrefix ? Uint8Array.from([...utf8.encode(`(${keyPrefix}`), 0xff]) : "+";
      for (let min = keyPrefix ? `[${keyPrefix}` : "-"; ; ) {
        const members = (await redis.send(["ZRANGE", recordsKey, min, max, "BYLEX", "LIMIT", "0", String(PAGE)])) as string[];
        if (!members.length) return;
        const indexes = (await redis.send(["MGET", ...members.map(indexKey)])) as unknown[];
        for (const [i, key] of members.entries()) {
          const index = parseIndex(indexes[i]);
          if (index) yield { key, index };
        }
        if (members.length < PAGE) return;
        min = `(${members[members.length - 1]!}`;
      }
    },
    async *listLoose() {
      for (const [generation, json] of pairsOf(await redis.send(["HGETALL", looseKey]))) yield { generation, loose: JSON.parse(json) as LooseWrite };
    },
  };
  const store = partedStore(backend, { storeName: "redisStore", abandonedWriteAgeMs: options.abandonedWriteAgeMs });
  return withWellFormedKeys(store, "redisStore");
}
