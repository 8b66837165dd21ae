/**
 * The journal of a thread whose snapshots another build wrote (DESIGN.md §6): the memory is of no
 * use here, but the journal is read with every check that protects it — magic, length, signature
 * (bound to the thread), decryption — so a refusal for `signature`, `decrypt` or `truncated` stays
 * a refusal. Snapshots of format version 1 were written before quickbox kept journals.
 */
import { QuickboxError } from "../errors.js";
import { joinJournal, type JoinedJournal } from "./journal-sections.js";
import { decodeSnapshot, readSnapshotHeader } from "./snapshot-codec.js";
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

function isLegacy(error: unknown): boolean {
  return error instanceof QuickboxError && error.code === "SNAPSHOT_REJECTED" && error.reason === "version";
}

export async function readForeignThread(chain: Uint8Array[], threadId: string, keys: SnapshotKeys): Promise<ForeignThread> {
  const manifests: ForeignManifest[] = [];
  for (const bytes of chain) {
    try {
      readSnapshotHeader(bytes);
    } catch (error) {
      if (isLegacy(error)) return { journal: joinJournal([undefined]), cells: 0, skills: {} };
      throw error;
    }
    const decoded = await decodeSnapshot<ForeignManifest>(bytes, { wasmBuild: "", baseImage: "", threadId, anyBuild: true }, keys);
    manifests.push(decoded.manifest);
  }
  const last = manifests[manifests.length - 1];
  const cells = typeof last?.core?.cells === "number" && Number.isSafeInteger(last.core.cells) && last.core.cells >= 0 ? last.core.cells : 0;
  const skills = typeof last?.thread?.skills === "object" && last.thread.skills !== null ? (last.thread.skills as Record<string, SkillFiles>) : {};
  return { journal: joinJournal(manifests.map((manifest) => manifest.journal)), cells, skills };
}
