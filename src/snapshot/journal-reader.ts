/**
 * The journal of a thread whose snapshots another build wrote (DESIGN.md §6): the memory is of no
 * use here, but the journal is read with every check that protects it — magic, length, signature
 * (bound to the thread), decryption — so a refusal for `signature`, `decrypt` or `truncated` stays
 * a refusal. Snapshots of format version 1 were written before quickbox kept journals.
 */
import { QuickboxError } from "../errors.js";
import { joinJournal, type JoinedJournal } from "./journal-sections.js";
import { decodeSnapshot, readSnapshotHeader, SNAPSHOT_FORMAT_VERSION, snapshotIds } from "./snapshot-codec.js";
import type { SnapshotKeys } from "./snapshot-keys.js";
import type { SkillFiles } from "../engine-contract.js";

export interface ForeignThread {
  journal: JoinedJournal;
  /** Cells the thread evaluated (its cell files are named by this count). */
  cells: number;
  /** Skill files the thread had loaded (the journal names them by hash). */
  skills: Record<string, SkillFiles>;
}

interface ForeignManifest {
  journal?: unknown;
  core?: { cells?: unknown };
  thread?: { skills?: unknown };
}

/** The format version the bytes say (the header may be refused for it). */
function formatVersion(bytes: Uint8Array): number {
  return bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(6, true) : 0;
}

function damaged(what: string): QuickboxError {
  return new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): ${what}`, { reason: "truncated" });
}

/** `expectedLastId`: the id the thread's head names last — the chain's bytes must be those (as for a restore). */
export async function readForeignThread(chain: Uint8Array[], threadId: string, keys: SnapshotKeys, expectedLastId?: string | null): Promise<ForeignThread> {
  const manifests: ForeignManifest[] = [];
  const parents: unknown[] = [];
  const ids = snapshotIds(chain);
  for (const bytes of chain) {
    try {
      readSnapshotHeader(bytes);
    } catch (error) {
      if (!(error instanceof QuickboxError) || error.reason !== "version") throw error;
      const version = formatVersion(bytes);
      const why = version < SNAPSHOT_FORMAT_VERSION ? "it was written before quickbox kept journals" : `it was written by a newer quickbox (snapshot format ${version})`;
      return { journal: { entries: [], notReplayable: why }, cells: 0, skills: {} };
    }
    const decoded = await decodeSnapshot<ForeignManifest>(bytes, { wasmBuild: "", baseImage: "", threadId, anyBuild: true }, keys);
    parents.push(decoded.header.parent);
    manifests.push(decoded.manifest);
  }
  const chainIds = await ids;
  for (let position = 1; position < chain.length; position++) if (parents[position] !== chainIds[position - 1]) throw damaged("the chain of deltas is broken");
  const lastId = chainIds[chainIds.length - 1] ?? null;
  if (expectedLastId && lastId !== expectedLastId) throw damaged(`the bytes of snapshot ${expectedLastId.slice(0, 12)}… do not match its id (damaged in the store)`);
  const last = manifests[manifests.length - 1];
  const cells = typeof last?.core?.cells === "number" && Number.isSafeInteger(last.core.cells) && last.core.cells >= 0 ? last.core.cells : 0;
  const skills = typeof last?.thread?.skills === "object" && last.thread.skills !== null ? (last.thread.skills as Record<string, SkillFiles>) : {};
  return { journal: joinJournal(manifests.map((manifest) => manifest.journal)), cells, skills };
}
