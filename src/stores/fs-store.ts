/**
 * fsStore(dir): a SnapshotStore in a directory, one file per record ([u32 meta length][meta
 * JSON][value]). Writes go to a temporary file that is then renamed over the record, so a crash
 * mid-write leaves the previous record intact.
 */
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { PruneOptions, PrunableSnapshotStore, StoreRecord, StoreRecordMeta } from "../types.js";
import { pruneSnapshots } from "./store-contract.js";

const SUFFIX = ".qbrec";

function fileName(key: string): string {
  return encodeURIComponent(key).replace(/\*/g, "%2A") + SUFFIX;
}

function keyOf(file: string): string {
  return decodeURIComponent(file.slice(0, -SUFFIX.length));
}

function encodeRecord(value: Uint8Array, meta: StoreRecordMeta): Uint8Array {
  const metaBytes = new TextEncoder().encode(JSON.stringify(meta));
  const out = new Uint8Array(4 + metaBytes.length + value.length);
  new DataView(out.buffer).setUint32(0, metaBytes.length, true);
  out.set(metaBytes, 4);
  out.set(value, 4 + metaBytes.length);
  return out;
}

async function readMeta(path: string): Promise<StoreRecordMeta | undefined> {
  const handle = await open(path, "r");
  try {
    const lengthBytes = new Uint8Array(4);
    await handle.read(lengthBytes, 0, 4, 0);
    const length = new DataView(lengthBytes.buffer).getUint32(0, true);
    const metaBytes = new Uint8Array(length);
    await handle.read(metaBytes, 0, length, 4);
    return JSON.parse(new TextDecoder().decode(metaBytes)) as StoreRecordMeta;
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

export function fsStore(dir: string): PrunableSnapshotStore {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));
  let tempCounter = 0;
  const store: PrunableSnapshotStore = {
    async get(key) {
      try {
        const bytes = new Uint8Array(await readFile(join(dir, fileName(key))));
        const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
        return bytes.slice(4 + length);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async put(key, value, meta) {
      await ensureDir();
      const target = join(dir, fileName(key));
      const temporary = `${target}.${process.pid}.${tempCounter++}.tmp`;
      try {
        await writeFile(temporary, encodeRecord(value, meta));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      await rm(join(dir, fileName(key)), { force: true });
    },
    async list(prefix = "") {
      await ensureDir();
      const records: StoreRecord[] = [];
      for (const file of await readdir(dir)) {
        if (!file.endsWith(SUFFIX)) continue;
        const key = keyOf(file);
        if (!key.startsWith(prefix)) continue;
        const meta = await readMeta(join(dir, file));
        if (meta) records.push({ key, ...meta });
      }
      return records;
    },
    prune: (options?: PruneOptions) => pruneSnapshots(store, options),
  };
  return store;
}
