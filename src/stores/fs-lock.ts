/**
 * A lock file shared by the processes of one machine: created with O_EXCL (one creator wins),
 * holding its owner's process id. A lock whose owner process is gone (killed with SIGKILL in
 * the middle of a write, say) is broken at once; a lock held longer than MAX_LOCK_HOLD_MS is
 * broken too (its owner hung, or the id was reused). Held only around a read-compare-write of one
 * small record, so waiting is short.
 */
import { link, open, readFile, rename, unlink } from "node:fs/promises";

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
 * Breaks a stale lock: it is moved aside under a name of our own, then checked; if what was moved
 * is not the stale lock we judged (its owner changed in between), it is put back.
 */
async function breakStale(path: string, stale: LockContent, ownToken: string): Promise<void> {
  const aside = `${path}.${ownToken}.stale`;
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readLock(aside);
  if (moved !== "absent" && moved !== null && moved.token !== stale.token) {
    await link(aside, path).catch(() => {});
  }
  await unlink(aside).catch(() => {});
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
      if (Date.now() - unreadableSince > 1000) await breakStale(path, { pid: 0, token: "", takenAt: 0 }, own.token);
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
