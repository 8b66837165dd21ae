/**
 * The two Redis clients redisStore takes, node-redis (`redis`, createClient) and ioredis, as one
 * small driver: send a command (replies as strings, or as bytes), and know whether the connection
 * is up. Both are typed structurally: quickbox imports neither.
 *
 * A command is sent only while the client is ready. node-redis queues commands while it is
 * offline (unless `disableOfflineQueue`), ioredis too (unless `enableOfflineQueue: false`): a
 * queued command would hang the eval, and might land long after the store reported it failed. So
 * a disconnected client is waited for up to `readyTimeoutMs`, then the call fails with STORE_FAILED.
 */
import { QuickboxError } from "../../index.js";

/** node-redis 6 (`createClient()` from "redis", connected). */
export interface NodeRedisClientLike {
  readonly isOpen: boolean;
  readonly isReady: boolean;
  sendCommand(args: readonly (string | Buffer)[], options?: { typeMapping?: Record<number, unknown> }): Promise<unknown>;
  once(event: "ready", listener: () => void): unknown;
  off(event: "ready", listener: () => void): unknown;
}

/** ioredis 6 (`new Redis()`). */
export interface IoRedisClientLike {
  readonly status: string;
  call(command: string, args: (string | Buffer)[]): Promise<unknown>;
  callBuffer(command: string, args: (string | Buffer)[]): Promise<unknown>;
  once(event: "ready", listener: () => void): unknown;
  off(event: "ready", listener: () => void): unknown;
}

export type RedisClientLike = NodeRedisClientLike | IoRedisClientLike;

export interface RedisDriver {
  /** One command; bulk replies as strings, or as bytes when `bytes`. */
  send(args: (string | Uint8Array)[], bytes?: boolean): Promise<unknown>;
}

/** node-redis: RESP's blob strings (type `$`, 36) as Buffers. */
const BYTES = { typeMapping: { 36: Buffer } };

const isIoRedis = (client: RedisClientLike): client is IoRedisClientLike => typeof (client as IoRedisClientLike).callBuffer === "function";

export function isRedisClient(value: unknown): value is RedisClientLike {
  if (typeof value !== "object" || value === null) return false;
  const client = value as Record<string, unknown>;
  return typeof client.once === "function" && (typeof client.sendCommand === "function" || (typeof client.call === "function" && typeof client.callBuffer === "function"));
}

export function redisDriver(client: RedisClientLike, readyTimeoutMs: number): RedisDriver {
  const ioredis = isIoRedis(client);
  const ready = () => (ioredis ? client.status === "ready" : client.isReady);
  /** Gone for good: closed by its owner (never waited for). */
  const closed = () => (ioredis ? client.status === "end" : !client.isOpen);

  function whenReady(): Promise<void> {
    if (ready()) return Promise.resolve();
    if (closed()) return Promise.reject(new QuickboxError("STORE_FAILED", "redisStore: the Redis client is closed"));
    return new Promise((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        reject(new QuickboxError("STORE_FAILED", `redisStore: Redis is not reachable (the client has not been ready for ${readyTimeoutMs} ms)`));
      }, readyTimeoutMs);
      client.once("ready", onReady);
    });
  }

  return {
    async send(args, bytes = false) {
      await whenReady();
      const [command, ...rest] = args.map((arg) => (typeof arg === "string" ? arg : Buffer.from(arg.buffer, arg.byteOffset, arg.byteLength))) as [string, ...(string | Buffer)[]];
      if (!ioredis) return client.sendCommand([command, ...rest], bytes ? BYTES : undefined);
      return bytes ? client.callBuffer(command, rest) : client.call(command, rest);
    },
  };
}
