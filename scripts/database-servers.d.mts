/** Types of database-servers.mjs: real PostgreSQL and Redis servers, started on loopback in a temporary directory. */
export function freePort(): Promise<number>;

declare class ServerProcess {
  readonly dir: string;
  readonly port: number;
  readonly log: string;
  /** A connection string (postgres://… or redis://…). */
  readonly url: string;
  start(): Promise<this>;
  /** Stops the server by its PID and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

export class PostgresServer extends ServerProcess {
  readonly bin: string;
  static create(): Promise<PostgresServer>;
}

export class RedisServer extends ServerProcess {
  static create(): Promise<RedisServer>;
}
