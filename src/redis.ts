/** quickbox/redis: redisStore on node-redis (`redis`) or ioredis, both optional peer dependencies (README, "Redis"). */
export { redisStore, DEFAULT_REDIS_PART_BYTES, type RedisStoreOptions } from "./adapters/redis/redis-store.js";
export type { IoRedisClientLike, NodeRedisClientLike, RedisClientLike } from "./adapters/redis/redis-client.js";
