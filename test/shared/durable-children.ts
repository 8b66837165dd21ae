/**
 * Child processes for the durability tests (test/fixtures/durable/*.mjs, run on the built
 * package): run one to its end, or keep racers (race.mjs) that serve one trial after another;
 * read the one-JSON-line outcomes and the effect files the tools append to. Shared by
 * durable-processes.test.ts (fsStore) and server-stores-processes.test.ts (PostgreSQL, Redis).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

export const FIXTURES = new URL("../fixtures/durable/", import.meta.url).pathname;
/** A child that has not finished by then hangs (a Deadlock that never ends, a lock never freed). */
export const CHILD_TIMEOUT_MS = 25_000;

/** The lines an effect file has: one per real run of the tool. */
export function effectLines(file: string): { pid: number; callId?: string; args: unknown }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { pid: number; callId?: string; args: unknown });
}

/** At most MAX_CHILDREN children at once (2 cores): concurrent tests queue here. */
const MAX_CHILDREN = 3;
let running = 0;
const waiting: (() => void)[] = [];
export async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CHILDREN) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export interface ChildRun<T> {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The last JSON line printed on stdout. */
  out: T | undefined;
  pid: number;
  ms: number;
}

export function lastJsonLine<T>(stdout: string): T | undefined {
  const lines = stdout.split("\n").filter((line) => line.trim().startsWith("{"));
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      return JSON.parse(lines[i]!) as T;
    } catch {
      // not JSON: keep looking
    }
  }
  return undefined;
}

/** Waits for a spawned child to exit by itself; one that takes longer than CHILD_TIMEOUT_MS is killed and is a failure. */
export function finished<T>(child: ChildProcess, started: number): Promise<ChildRun<T>> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`child ${child.pid} hung (${CHILD_TIMEOUT_MS} ms)\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, CHILD_TIMEOUT_MS);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, out: lastJsonLine<T>(stdout), pid: child.pid!, ms: performance.now() - started });
    });
  });
}

/**
 * Node's flags for the children: V8 tiers QuickJS's hottest wasm functions up to TurboFan in the
 * background after a few milliseconds of guest work (JS_CallInternal alone takes ~0.3 s of CPU to
 * compile), which a child that lives for one resume never uses: ~0.33 CPU-s per child, measured, and
 * these tests start hundreds of them on a 2-core machine. A higher budget keeps that for code that
 * runs long enough to need it; the generated code's behaviour is the same on either tier.
 */
const CHILD_NODE_FLAGS = ["--wasm-tiering-budget=100000000"];

export function runChild<T>(script: string, config: object): Promise<ChildRun<T>> {
  return slot(() => {
    const started = performance.now();
    const child = spawn(process.execPath, [...CHILD_NODE_FLAGS, join(FIXTURES, script), JSON.stringify(config)], { stdio: ["ignore", "pipe", "pipe"] });
    return finished<T>(child, started);
  });
}

/** A child that must end normally, with a JSON line. */
export async function runOk<T>(script: string, config: object): Promise<ChildRun<T> & { out: T }> {
  const run = await runChild<T>(script, config);
  if (run.code !== 0 || run.out === undefined) throw new Error(`${script} exited with ${run.code ?? run.signal}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  return run as ChildRun<T> & { out: T };
}

export interface RaceOut {
  pid: number;
  ready?: true;
  ok?: boolean;
  value?: { receipt: string; note: null };
  error?: string;
  message?: string;
  startedAt?: number;
}

/** A racer process (race.mjs): JSON lines in, JSON lines out, one trial after another. */
export class Racer {
  readonly child: ChildProcess;
  readonly exited: Promise<ChildRun<RaceOut>>;
  readonly #lines: string[] = [];
  #wake: (() => void) | undefined;
  #closed = false;

  constructor() {
    this.child = spawn(process.execPath, [...CHILD_NODE_FLAGS, join(FIXTURES, "race.mjs")], { stdio: ["pipe", "pipe", "pipe"] });
    const reader = createInterface({ input: this.child.stdout! });
    reader.on("line", (line) => {
      if (line.trim().startsWith("{")) this.#lines.push(line);
      this.#wake?.();
    });
    reader.on("close", () => {
      this.#closed = true;
      this.#wake?.();
    });
    let stderr = "";
    this.child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.on("close", (code, signal) => resolve({ code, signal, stdout: "", stderr, out: undefined, pid: this.child.pid!, ms: 0 })),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  send(line: string): void {
    this.child.stdin!.write(`${line}\n`);
  }

  /** The next JSON line it prints; a racer silent for CHILD_TIMEOUT_MS hangs. */
  async next(): Promise<RaceOut> {
    const deadline = performance.now() + CHILD_TIMEOUT_MS;
    while (!this.#lines.length) {
      if (this.#closed) throw new Error(`racer ${this.pid} ended: ${(await this.exited).stderr}`);
      if (performance.now() > deadline) throw new Error(`racer ${this.pid} hung (${CHILD_TIMEOUT_MS} ms)`);
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 100);
      });
    }
    return JSON.parse(this.#lines.shift()!) as RaceOut;
  }

  /** Closes its stdin: it must then exit by itself, with code 0. */
  async end(): Promise<ChildRun<RaceOut>> {
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), CHILD_TIMEOUT_MS);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
