/**
 * A stored thread as another build would have left it: every snapshot of its chain re-encoded with
 * another base image hash (and wasm build, when asked), re-signed/re-encrypted with the same keys,
 * the delta links and the head moved to the new ids. What this build then sees is a chain it must
 * refuse for `base-image` — the journal inside is the thread's own.
 */
import type { SnapshotStore } from "../../src/index.js";
import { encodeHead, decodeHead } from "../../src/host/head-codec.js";
import { decodeSnapshot, encodeSnapshot, readSnapshotHeader, snapshotId } from "../../src/snapshot/snapshot-codec.js";
import { aesKey, hmacKey, type KeyInput, type SnapshotKeys } from "../../src/snapshot/snapshot-keys.js";

async function snapshotKeys(signingKey: KeyInput | undefined, encryptionKey: KeyInput | undefined): Promise<SnapshotKeys> {
  return { ...(signingKey !== undefined ? { signing: await hmacKey(signingKey) } : {}), ...(encryptionKey !== undefined ? { encryption: await aesKey(encryptionKey) } : {}) };
}

export const FOREIGN_BASE_IMAGE = "f0e1d2c3".repeat(8);

export interface ForeignOptions {
  signingKey?: KeyInput;
  encryptionKey?: KeyInput;
  /** Also another QuickJS build (reason "wasm-build"). */
  wasmBuild?: string;
  /** Rewrite each snapshot's manifest too (e.g. drop its journal: a build before journals). */
  editManifest?: (manifest: Record<string, unknown>) => void;
}

/** Rewrites the thread's chain as another build's; returns each old snapshot id → its foreign copy's id. */
export async function makeForeign(store: SnapshotStore, threadId: string, options: ForeignOptions = {}): Promise<Map<string, string>> {
  const keys = await snapshotKeys(options.signingKey, options.encryptionKey);
  const headKey = options.signingKey === undefined ? undefined : await hmacKey(options.signingKey);
  const head = (await decodeHead(await store.get(`head:${threadId}`), threadId, headKey))!;
  const renamed = new Map<string, string>();
  const chain: string[] = [];
  for (const id of head.chain) {
    const bytes = (await store.get(`snap:${id}`))!;
    const header = readSnapshotHeader(bytes);
    const decoded = await decodeSnapshot<Record<string, unknown>>(bytes, { wasmBuild: header.wasmBuild, baseImage: header.baseImage, threadId }, keys);
    const { rawBytes: _r, bodyBytes: _b, compression: _c, iv: _i, signed: _s, chunkBytes: _k, ...plain } = decoded.header;
    options.editManifest?.(decoded.manifest);
    const foreignHeader = {
      ...plain,
      baseImage: FOREIGN_BASE_IMAGE,
      ...(options.wasmBuild ? { wasmBuild: options.wasmBuild } : {}),
      ...(plain.parent ? { parent: renamed.get(plain.parent)! } : {}),
    };
    const foreign = await encodeSnapshot(foreignHeader, decoded.manifest, decoded.chunks, keys);
    const newId = await snapshotId(foreign);
    renamed.set(id, newId);
    chain.push(newId);
    await store.put(`snap:${newId}`, foreign, { sizeBytes: foreign.length, createdAt: Date.now(), threadId, kind: plain.kind });
  }
  const bytes = await encodeHead({ ...head, chain }, headKey);
  await store.put(`head:${threadId}`, bytes, { sizeBytes: bytes.length, createdAt: Date.now(), threadId, kind: "head" });
  return renamed;
}
