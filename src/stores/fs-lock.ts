/**
 * A lock file shared by the processes of one machine: created with O_EXCL (one creator wins),
 * holding its owner's process id. A lock whose owner process is gone (killed with SIGKILL in
 * the middle of a write, say) is broken at once; a lock held longer than MAX_LOCK_HOLD_MS is
 * broken too (its owner hung, or the id was reused). Held only around a read-compare-write of one
 * small record, so waiting is short. Processes that find a stale lock break it one at a time.
 */
import { open, readFile, unlink } from "node:fs/promises";

/** A lock is held for a few milliseconds; one older than this is stale whoever holds it. */
export const MAX_LOCK_HOLD_MS = 30_000;
/** How long to wait for a lock before the store call fails. */
export const LOCK_WAIT_MS = 10_000;

interface LockContent {
  pid: number;
  token: string;
  takenAt: number;
}

function parse(text: string): LockContent | null {
  const [pid, token, takenAt] = text.split("\n");
  if (!pid || !token || !takenAt) return null;
  return { pid: Number(pid), token, takenAt: Number(takenAt) };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tryCreate(path: string, content: LockContent): Promise<boolean> {
  try {
    const handle = await open(path, "wx");
    try {
      await handle.writeFile(`${content.pid}\n${content.token}\n${content.takenAt}\n`);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function readLock(path: string): Promise<LockContent | null | "absent"> {
  try {
    return parse(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    throw error;
  }
}

/**
 * Breaks a stale lock. Breakers take turns through a second lock (`<path>.break`, held for a
 * moment): under it the lock is read again and removed only if it is still the stale one judged
 * — nobody else can replace an existing lock (creation is exclusive), and its dead owner cannot
 * release it, so the read and the removal see the same lock. (Moving the lock aside first, as an
 * earlier version did, could take a live lock another process had just created.)
 */
async function breakStale(path: string, stale: LockContent | null, ownToken: string): Promise<void> {
  const breaker = `${path}.break`;
  if (!(await tryCreate(breaker, { pid: process.pid, token: ownToken, takenAt: Date.now() }))) {
    // Another process is breaking it now; a breaker that died there (in a moment's window) is
    // cleared once its process is gone.
    const other = await readLock(breaker);
    if (other !== "absent" && other !== null && (!processAlive(other.pid) || Date.now() - other.takenAt > MAX_LOCK_HOLD_MS)) await unlink(breaker).catch(() => {});
    return;
  }
  try {
    const current = await readLock(path);
    if (current === "absent") return;
    const same = stale === null ? current === null : current !== null && current.token === stale.token;
    if (same) await unlink(path).catch(() => {});
  } finally {
    await unlink(breaker).catch(() => {});
  }
}

/** Runs `work` holding the lock file at `path`. */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const own: LockContent = { pid: process.pid, token: crypto.randomUUID(), takenAt: Date.now() };
  const deadline = Date.now() + LOCK_WAIT_MS;
  let unreadableSince: number | null = null;
  for (let attempt = 0; ; attempt++) {
    own.takenAt = Date.now();
    if (await tryCreate(path, own)) break;
    const current = await readLock(path);
    if (current === null) {
      // Created but not written yet, or left empty by a process killed right after creating it.
      unreadableSince ??= Date.now();
      if (Date.now() - unreadableSince > 1000) await breakStale(path, null, own.token);
    } else if (current !== "absent") {
      unreadableSince = null;
      if (!processAlive(current.pid) || Date.now() - current.takenAt > MAX_LOCK_HOLD_MS) await breakStale(path, current, own.token);
    }
    if (Date.now() > deadline) throw new Error(`the lock ${path} was not free within ${LOCK_WAIT_MS} ms`);
    await sleep(Math.min(20, 1 + attempt) * (0.5 + Math.random()));
  }
  try {
    return await work();
  } finally {
    const current = await readLock(path).catch(() => null);
    if (current !== "absent" && current?.token === own.token) await unlink(path).catch(() => {});
  }
}
