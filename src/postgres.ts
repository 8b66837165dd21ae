/** quickbox/postgres: postgresStore on node-postgres (`pg`, an optional peer dependency; README, "PostgreSQL"). */
export { postgresStore, DEFAULT_POSTGRES_TABLE, type PgQueryableLike, type PostgresStoreOptions } from "./adapters/postgres/postgres-store.js";
