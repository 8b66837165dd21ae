/**
 * fsStore(dir): a SnapshotStore in a directory, one file per record ([u32 meta length][meta
 * JSON][value]). Writes go to a temporary file that is then renamed over the record, so a crash
 * mid-write leaves the previous record intact. compareAndSet reads, compares and renames while it
 * holds the record's lock file (fs-lock.ts), so it is atomic across the processes of a machine.
 *
 * File names are the key, URI-encoded; a key whose encoding would be too long for a file name
 * (a 250-character thread id, non-ASCII letters) is stored under its sha256 and the key is kept in
 * the record's metadata.
 */
import { createHash } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AtomicSnapshotStore, PruneOptions, StoreRecord, StoreRecordMeta } from "../types.js";
import { withFileLock } from "./fs-lock.js";
import { sameBytes } from "./same-bytes.js";
import { pruneSnapshots } from "./store-contract.js";

const SUFFIX = ".qbrec";
const HASHED = "h-";
/** File names stay well under the usual 255-byte limit (temporary names add a suffix). */
const MAX_NAME_BYTES = 180;

interface FileMeta extends StoreRecordMeta {
  /** The key, for records stored under a hashed name. */
  key?: string;
}

function fileName(key: string): string {
  const encoded = encodeURIComponent(key).replace(/\*/g, "%2A");
  if (encoded.length + SUFFIX.length <= MAX_NAME_BYTES && !encoded.startsWith(HASHED)) return encoded + SUFFIX;
  return HASHED + createHash("sha256").update(key).digest("hex") + SUFFIX;
}

function keyOf(file: string, meta: FileMeta): string {
  return meta.key ?? decodeURIComponent(file.slice(0, -SUFFIX.length));
}

function encodeRecord(key: string, value: Uint8Array, meta: StoreRecordMeta): Uint8Array {
  const stored: FileMeta = fileName(key).startsWith(HASHED) ? { ...meta, key } : meta;
  const metaBytes = new TextEncoder().encode(JSON.stringify(stored));
  const out = new Uint8Array(4 + metaBytes.length + value.length);
  new DataView(out.buffer).setUint32(0, metaBytes.length, true);
  out.set(metaBytes, 4);
  out.set(value, 4 + metaBytes.length);
  return out;
}

async function readMeta(path: string): Promise<FileMeta | undefined> {
  const handle = await open(path, "r");
  try {
    const lengthBytes = new Uint8Array(4);
    await handle.read(lengthBytes, 0, 4, 0);
    const length = new DataView(lengthBytes.buffer).getUint32(0, true);
    const metaBytes = new Uint8Array(length);
    await handle.read(metaBytes, 0, length, 4);
    return JSON.parse(new TextDecoder().decode(metaBytes)) as FileMeta;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

export function fsStore(dir: string): AtomicSnapshotStore {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));
  let tempCounter = 0;
  const pathOf = (key: string) => join(dir, fileName(key));

  async function read(key: string): Promise<Uint8Array | undefined> {
    try {
      const bytes = new Uint8Array(await readFile(pathOf(key)));
      const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
      return bytes.slice(4 + length);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async function write(key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<void> {
    await ensureDir();
    const target = pathOf(key);
    const temporary = `${target}.${process.pid}.${tempCounter++}.tmp`;
    try {
      await writeFile(temporary, encodeRecord(key, value, meta));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  const store: AtomicSnapshotStore = {
    get: read,
    put: write,
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix = "") {
      await ensureDir();
      const records: StoreRecord[] = [];
      for (const file of await readdir(dir)) {
        if (!file.endsWith(SUFFIX)) continue;
        const meta = await readMeta(join(dir, file)).catch(() => undefined);
        if (!meta) continue;
        const key = keyOf(file, meta);
        if (!key.startsWith(prefix)) continue;
        const { key: _key, ...recordMeta } = meta;
        records.push({ key, ...recordMeta });
      }
      return records;
    },
    async compareAndSet(key, expected, next) {
      await ensureDir();
      return withFileLock(`${pathOf(key)}.lock`, async () => {
        if (!sameBytes(await read(key), expected)) return false;
        if (next) await write(key, next.value, next.meta);
        else await rm(pathOf(key), { force: true });
        return true;
      });
    },
    prune: (options?: PruneOptions) => pruneSnapshots(store, options),
  };
  return store;
}
