/**
 * redisStore against a real Redis server (Debian's redis-server, started by the test on loopback
 * in a temporary directory), through both clients it takes: node-redis 6 and ioredis 6. The shared
 * store contract, then values in parts, prune() sweeping what a cut write left, hostile prefixes
 * and keys, and a server that goes away (STORE_FAILED in bounded time, never a queued command).
 */
import { Redis } from "ioredis";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInterpreter, isQuickboxError } from "../../src/index.js";
import { redisStore, type RedisClientLike } from "../../src/redis.js";
import { RedisServer } from "../../scripts/database-servers.mjs";
import { defineStoreContract } from "../shared/store-contract-suite.js";

let server: RedisServer;
const clients: { close(): Promise<unknown> }[] = [];
let prefixes = 0;
const freshPrefix = () => `contract:${process.pid}:${prefixes++}:`;

type ClientKind = "node-redis" | "ioredis";

/**
 * A connected client of `kind`, as users configure it by default (node-redis: offline queue on).
 * No casts: both clients' own types fit redisStore's parameter.
 */
async function connect(kind: "node-redis"): Promise<ReturnType<typeof createClient>>;
async function connect(kind: "ioredis"): Promise<Redis>;
async function connect(kind: ClientKind): Promise<RedisClientLike>;
async function connect(kind: ClientKind): Promise<RedisClientLike> {
  if (kind === "node-redis") {
    const client = createClient({ url: server.url, socket: { reconnectStrategy: () => 100 } });
    client.on("error", () => {});
    await client.connect();
    clients.push({ close: async () => client.destroy() });
    return client;
  }
  const client = new Redis(server.url, { retryStrategy: () => 100 });
  client.on("error", () => {});
  await new Promise((resolve) => client.once("ready", resolve));
  clients.push({ close: async () => client.disconnect() });
  return client;
}

/** Reads the server's keys directly (what a store left behind). */
const inspector = () => connect("ioredis");

beforeAll(async () => {
  server = await RedisServer.create();
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await server?.dispose();
});

const bytes = (...values: number[]) => Uint8Array.from(values);
const randomBytes = (length: number) => {
  const out = new Uint8Array(length);
  for (let offset = 0; offset < length; offset += 65536) crypto.getRandomValues(out.subarray(offset, offset + 65536));
  return out;
};
const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0;

for (const kind of ["node-redis", "ioredis"] as const) {
  describe(`redisStore (${kind})`, () => {
    defineStoreContract(async () => redisStore(await connect(kind), { prefix: freshPrefix() }));
    describe("with values in parts of 2 bytes", () => defineStoreContract(async () => redisStore(await connect(kind), { prefix: freshPrefix(), maxPartBytes: 2 }), { largeValues: false }));

    it("a 40 MiB value goes in parts over several scripts; overwriting and deleting leave no part behind", async () => {
      const client = await connect(kind);
      const prefix = freshPrefix();
      const store = redisStore(client, { prefix });
      const big = randomBytes(40 * 2 ** 20 + 123);
      await store.put("snap:big", big, { sizeBytes: big.length, createdAt: 1, threadId: "t", kind: "full" });
      expect(same(await store.get("snap:big"), big)).toBe(true);
      const raw = await inspector();
      const keysOf = (pattern: string) => raw.keys(`${prefix}${pattern}`);
      expect(await keysOf("p:*")).toHaveLength(Math.ceil(big.length / (512 * 1024)));
      await store.put("snap:big", bytes(7), { sizeBytes: 1, createdAt: 2 });
      expect(await store.get("snap:big")).toEqual(bytes(7));
      expect(await keysOf("p:*")).toHaveLength(1);
      await store.delete("snap:big");
      expect(await keysOf("*")).toEqual([]);
    }, 60_000);

    it("hostile prefixes and keys: glob and lex characters, U+0000, emoji; list(prefix) is exact; lone surrogates are refused", async () => {
      const client = await connect(kind);
      const prefix = `*?[]\\{tag}(+-\u0000🦊:${prefixes++}:`;
      const store = redisStore(client, { prefix });
      const neighbour = redisStore(client, { prefix: `${prefix}x` });
      const ids = ["nul\u0000inside", "\u0000", "(", "[", "-", "+", "*", "emoji 🦊", "é".repeat(256)];
      for (const [n, id] of ids.entries()) await store.put(`head:${id}`, bytes(n), { sizeBytes: 1, createdAt: n, threadId: id, kind: "head" });
      await neighbour.put("head:other", bytes(9), { sizeBytes: 1, createdAt: 1 });
      for (const [n, id] of ids.entries()) expect(await store.get(`head:${id}`)).toEqual(bytes(n));
      const listed = await store.list("head:");
      expect(listed.map((record) => record.key).sort()).toEqual(ids.map((id) => `head:${id}`).sort());
      expect(listed.map((record) => record.threadId).sort()).toEqual([...ids].sort());
      expect((await store.list("head:(")).map((record) => record.key)).toEqual(["head:("]);
      expect((await neighbour.list()).map((record) => record.key)).toEqual(["head:other"]);
      await expect(store.put("head:\uDC00", bytes(1), { sizeBytes: 1, createdAt: 1 })).rejects.toMatchObject({ code: "STORE_FAILED" });
      expect(() => redisStore(client, { prefix: "\uD800" })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
      expect(() => redisStore({} as RedisClientLike)).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
      // Parts: 1 byte up to 4 MiB (one script carries at most 4 MiB of parts).
      for (const maxPartBytes of [0, 4 * 2 ** 20 + 1, 1.5]) expect(() => redisStore(client, { maxPartBytes })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
      expect(() => redisStore(client, { readyTimeoutMs: -1 })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
    });
  });
}

describe("redisStore: a write cut short, prune()", () => {
  it("a put whose connection dies mid-write keeps the previous value; prune() removes its parts once old enough", async () => {
    const client = await connect("ioredis");
    const prefix = freshPrefix();
    const store = redisStore(client, { prefix, maxPartBytes: 1024 });
    const before = randomBytes(300 * 1024);
    await store.put("snap:x", before, { sizeBytes: before.length, createdAt: 1 });
    // A client whose third script never runs: 300 parts need two scripts of parts, then the switch.
    let scripts = 0;
    const cut = new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property) as unknown;
        if (property !== "call" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return (command: string, ...args: unknown[]) => (command === "EVAL" && ++scripts >= 2 ? Promise.reject(new Error("connection lost")) : value.call(target, command, ...args));
      },
    });
    const after = randomBytes(300 * 1024);
    await expect(redisStore(cut, { prefix, maxPartBytes: 1024 }).put("snap:x", after, { sizeBytes: after.length, createdAt: 2 })).rejects.toThrow(/connection lost/);
    expect(same(await store.get("snap:x"), before)).toBe(true);
    const parts = async () => (await client.keys(`${prefix}p:*`)).length;
    expect(await parts()).toBeGreaterThan(300);
    expect(await client.hlen(`${prefix}loose`)).toBe(1);
    // (keep: snap:x is a snapshot no head names, which prune() would remove otherwise)
    await store.prune({ keep: ["x"] });
    expect(await parts()).toBeGreaterThan(300); // the cut write may still be running elsewhere
    await redisStore(client, { prefix, abandonedWriteAgeMs: 0 }).prune({ keep: ["x"] });
    expect(await parts()).toBe(300);
    expect(await client.hlen(`${prefix}loose`)).toBe(0);
    expect(same(await store.get("snap:x"), before)).toBe(true);
  });
});

describe("redisStore: the server goes away", () => {
  for (const kind of ["node-redis", "ioredis"] as const) {
    it(`[${kind}] an eval it stops during gets a warning, one after gets STORE_FAILED within readyTimeoutMs (no queued command); back up, nothing was lost`, async () => {
      const client = await connect(kind);
      const prefix = freshPrefix();
      const stopServer = { name: "stop_server", execute: async () => (await server.stop(), "stopped") };
      const qb = await createInterpreter({ isolation: "inline", store: redisStore(client, { prefix, readyTimeoutMs: 500 }), tools: [stopServer] });
      try {
        expect((await qb.eval("let n = 1; n", { threadId: "down" })).value).toBe(1);
        const during = await qb.eval("await tools.stopServer({}); n += 1; n", { threadId: "down" });
        expect(during.status, during.text).toBe("ok");
        expect(during.value).toBe(2);
        expect(during.warnings?.join(" ")).toMatch(/snapshot not stored: redisStore: Redis is not reachable/);
        const started = performance.now();
        const refused = await qb.eval("n", { threadId: "down" }).then(
          () => "resolved",
          (error: unknown) => (isQuickboxError(error) ? error.code : String(error)),
        );
        expect(refused).toBe("STORE_FAILED");
        expect(performance.now() - started).toBeLessThan(5000);
        await server.start();
        const fresh = await createInterpreter({ isolation: "inline", store: redisStore(await connect(kind), { prefix }) });
        try {
          expect((await fresh.eval("n", { threadId: "down" })).value).toBe(1);
        } finally {
          await fresh.dispose();
        }
        // The client reconnects by itself; then the interpreter goes on from what the store holds.
        const readyAt = performance.now() + 15_000;
        while (!("status" in client ? client.status === "ready" : client.isReady)) {
          expect(performance.now(), "the client reconnects").toBeLessThan(readyAt);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const again = await qb.eval("n += 10; n", { threadId: "down" });
        expect(again.status, again.text).toBe("ok");
        expect(again.value).toBe(11);
      } finally {
        await qb.dispose();
      }
    }, 60_000);
  }
});
