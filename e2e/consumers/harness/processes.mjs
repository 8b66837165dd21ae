// Child processes for the consumer checks: one-shot commands and long-running servers.
// Each child gets its own process group, so stopping it also stops what it spawned
// (npx → vite, next start → its workers, wrangler → workerd).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

const MAX_OUTPUT = 2_000_000;

/** The last `lines` non-empty lines of a command's output, for error messages. */
export function tail(text, lines = 25) {
  return text.split("\n").filter((line) => line.trim() !== "").slice(-lines).join("\n");
}

const ERROR_LINE = /\[ERROR\]|✘|⨯|\berror TS\d+|^\s*(\w*Error|Error \[\w+\])\b|^\s*error:/;

/** The part of a failed command's output that says why: from its first error line, else its tail. */
export function excerpt(text, lines = 25) {
  const all = text.split("\n").filter((line) => line.trim() !== "");
  const first = all.findIndex((line) => ERROR_LINE.test(line));
  return first < 0 ? tail(text, lines) : all.slice(first, first + lines).join("\n");
}

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Every child launched here that has not exited (stopAll stops what a timed-out check left behind). */
const running = new Set();

/**
 * Stops every child still running: a server whose check timed out before it was ready was never
 * handed to the check's cleanup, and its process kept run.mjs alive after the report (seen with
 * `wrangler dev`, 2026-11-27).
 */
export async function stopAll() {
  await Promise.all([...running].map(({ child, exited }) => stopGroup(child, exited)));
}

function launch(command, args, { cwd, env }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const collect = (chunk) => {
    if (output.length < MAX_OUTPUT) output += chunk.toString().replace(ANSI, "");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => {
    child.on("error", (error) => {
      output += `\n[spawn failed: ${error.message}]`;
      resolve({ code: -1, signal: null });
    });
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
  const entry = { child, exited };
  running.add(entry);
  child.on("exit", () => running.delete(entry));
  child.on("error", () => running.delete(entry));
  return { child, exited, output: () => output };
}

/**
 * Stops a child, its process group and every process below it: SIGTERM, then SIGKILL after 3 s.
 * Descendants are found in /proc (Linux) as well as by group: a tool may start its own in a new
 * group or session (wrangler's workerd), out of reach of the group's signal. Waits for the child's
 * exit at most 10 s, then lets go of its output pipes, so a survivor that holds them cannot keep
 * the run waiting (it did once: a timed-out `wrangler dev` setup left `run.mjs` waiting for good).
 */
async function stopGroup(child, exited) {
  if (child.pid === undefined) return;
  const targets = [child.pid, ...descendantsOf(child.pid)];
  const signal = (name) => {
    for (const pid of targets) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, name);
        } catch {
          // already gone, or not a group leader
        }
      }
    }
  };
  const running = child.exitCode === null && child.signalCode === null;
  signal("SIGTERM");
  const kill = setTimeout(() => signal("SIGKILL"), running ? 3000 : 0);
  let giveUp;
  await Promise.race([exited, new Promise((resolve) => (giveUp = setTimeout(resolve, 10_000)))]);
  clearTimeout(kill);
  clearTimeout(giveUp);
  signal("SIGKILL"); // grandchildren that ignored SIGTERM
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** The processes below `pid` (children, theirs…), from /proc's parent links; none where there is no /proc. */
function descendantsOf(pid) {
  let entries;
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const childrenOf = new Map();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!childrenOf.has(parent)) childrenOf.set(parent, []);
      childrenOf.get(parent).push(Number(name));
    } catch {
      // it ended meanwhile
    }
  }
  const found = [];
  for (let queue = [pid]; queue.length > 0; ) {
    for (const below of childrenOf.get(queue.shift()) ?? []) {
      found.push(below);
      queue.push(below);
    }
  }
  return found;
}

/**
 * Runs a command to completion. Resolves with its output; rejects with an Error that names the
 * command and carries the tail of its output when it exits non-zero or runs past `timeoutMs`.
 */
export async function exec(command, args, { cwd, env = {}, timeoutMs = 180_000, allowFailure = false } = {}) {
  const started = launch(command, args, { cwd, env });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopGroup(started.child, started.exited);
  }, timeoutMs);
  const { code, signal } = await started.exited;
  clearTimeout(timer);
  const output = started.output();
  if ((code !== 0 || timedOut) && !allowFailure) {
    const why = timedOut ? `timed out after ${timeoutMs / 1000} s` : `exited with ${code ?? signal}`;
    const error = new Error(`\`${[command, ...args].join(" ")}\` ${why}:\n${excerpt(output)}`);
    error.output = output;
    throw error;
  }
  return { code, output };
}

/**
 * Starts a server and waits until `ready` (a RegExp over its output, or a URL answering HTTP)
 * says it is up. Returns { output(), stop() }; the caller must stop it.
 */
export async function startServer(command, args, { cwd, env = {}, ready, timeoutMs = 90_000 }) {
  const started = launch(command, args, { cwd, env });
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = null;
  void started.exited.then((result) => (exitedEarly = result));
  const stop = () => stopGroup(started.child, started.exited);
  for (;;) {
    if (exitedEarly) {
      throw new Error(`\`${[command, ...args].join(" ")}\` exited with ${exitedEarly.code ?? exitedEarly.signal} before it was ready:\n${excerpt(started.output())}`);
    }
    if (ready instanceof RegExp ? ready.test(started.output()) : await answers(ready)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`\`${[command, ...args].join(" ")}\` was not ready after ${timeoutMs / 1000} s:\n${tail(started.output())}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { output: started.output, stop };
}

/** Whether `url` answers within 2 s (raced against a timer of its own: an aborted fetch was once seen never to settle). */
async function answers(url) {
  let timer;
  const probe = (async () => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return true;
    } catch {
      return false;
    }
  })();
  try {
    return await Promise.race([probe, new Promise((resolve) => (timer = setTimeout(() => resolve(false), 3000)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
