/**
 * Real PostgreSQL and Redis servers for the store tests and bench/stores.mjs: each started on a
 * free loopback port with its data in a temporary directory, waited for until it answers, stopped by
 * its own PID, and removed after. Debian's `postgresql` and `redis-server` packages provide them
 * (.ci/run installs both); when they are missing the tests fail and say so, they are never skipped.
 * PostgreSQL refuses to run as root: as root, its binaries run as the `postgres` user (setpriv).
 */
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const INSTALL_HINT = "install Debian's packages: apt-get install -y --no-install-recommends postgresql redis-server (.ci/run does)";
const READY_TIMEOUT_MS = 30_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @returns {Promise<number>} a port free on 127.0.0.1 just now */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {{ port: number }} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Whether something on 127.0.0.1:port answers `probe` with a reply that starts with `expected`. */
function answers(port, probe, expected) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write(probe));
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (reply.length >= expected.length) done(reply.startsWith(expected));
    });
  });
}

/** A server process this test started: stop() ends it by its PID and waits for its exit. */
class ServerProcess {
  #child;
  #log = "";
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
  }

  get log() {
    return this.#log;
  }

  async start() {
    const { file, args } = this.command();
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    this.#child = child;
    const append = (chunk) => (this.#log = (this.#log + chunk.toString()).slice(-20_000));
    child.stdout.on("data", append);
    child.stderr.on("data", append);
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await this.isReady())) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${file} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${this.#log}`);
      if (Date.now() > deadline) throw new Error(`${file} was not ready after ${READY_TIMEOUT_MS} ms:\n${this.#log}`);
      await sleep(50);
    }
    return this;
  }

  /** Stops the server (SIGINT: PostgreSQL's fast shutdown; Redis saves and exits) and waits until it is gone. */
  async stop(signal = "SIGINT") {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(child.pid, signal);
    const killer = setTimeout(() => child.exitCode === null && process.kill(child.pid, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(killer);
  }

  async restart() {
    await this.stop();
    await this.start();
  }

  async dispose() {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function postgresBin() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, "bin", "postgres"))) : [];
  if (!versions.length) throw new Error(`PostgreSQL's server binaries are missing (no ${root}/<version>/bin/postgres): ${INSTALL_HINT}`);
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

/** As root, the command runs as the `postgres` user (PostgreSQL refuses root); otherwise as is. */
function asPostgresUser(file, args) {
  if (process.getuid?.() !== 0) return { file, args };
  return { file: "setpriv", args: ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", file, ...args] };
}

export class PostgresServer extends ServerProcess {
  bin = postgresBin();

  static async create() {
    const server = new PostgresServer(mkdtempSync(join(tmpdir(), "quickbox-pg-")), await freePort());
    if (process.getuid?.() === 0) chownSync(server.dir, Number(spawnSync("id", ["-u", "postgres"]).stdout), Number(spawnSync("id", ["-g", "postgres"]).stdout));
    const { file, args } = asPostgresUser(join(server.bin, "initdb"), ["-D", join(server.dir, "data"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    const init = spawnSync(file, args, { encoding: "utf8" });
    if (init.status !== 0) throw new Error(`initdb failed (${init.status}): ${init.stderr}${init.error ?? ""}`);
    return server.start();
  }

  /** A connection string for `new pg.Pool({ connectionString })`. */
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  command() {
    const settings = ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200"];
    return asPostgresUser(join(this.bin, "postgres"), ["-D", join(this.dir, "data"), "-p", String(this.port), "-k", this.dir, ...settings]);
  }

  async isReady() {
    // pg_isready asks the server whether it accepts connections (not only whether the port is open).
    const check = spawnSync(join(this.bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(this.port), "-t", "1"], { encoding: "utf8" });
    return check.status === 0;
  }
}

export class RedisServer extends ServerProcess {
  static async create() {
    const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
    if (found.error || found.status !== 0) throw new Error(`redis-server is missing (${found.error?.message ?? found.stderr}): ${INSTALL_HINT}`);
    const dir = mkdtempSync(join(tmpdir(), "quickbox-redis-"));
    mkdirSync(join(dir, "data"));
    return new RedisServer(dir, await freePort()).start();
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  command() {
    // An append-only file: a restart (stop() shuts down cleanly, which syncs it) loses nothing.
    // Synced once a second otherwise, as PostgreSQL here runs with fsync off: the tests measure the stores, not the disk.
    return { file: "redis-server", args: ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--dir", join(this.dir, "data"), "--appendonly", "yes", "--appendfsync", "everysec", "--protected-mode", "no"] };
  }

  isReady() {
    return answers(this.port, "PING\r\n", "+PONG");
  }
}
