/**
 * A stored thread brought back into the engine: restored from its snapshot chain, or — when the
 * chain is another build's (refused for `wasm-build`, `base-image` or `version`) — rebuilt by
 * replaying its journal on this build (engine/journal-replay.ts). Refusals for `signature`,
 * `decrypt` or `truncated` stay refusals; a foreign chain without a journal is NOT_REPLAYABLE.
 */
import type { ThreadConfig } from "../engine-contract.js";
import { rebuildThread, type RebuildContext } from "../engine/journal-replay.js";
import type { QuickJSThread } from "../engine/quickjs-thread.js";
import { isQuickboxError, QuickboxError } from "../errors.js";
import { readForeignThread } from "../snapshot/journal-reader.js";
import { restoreSnapshotChain, type SnapshotBaseline, type SnapshotContext } from "../snapshot/thread-snapshots.js";

/** What a rebuild did (the `replay` event says it). */
export interface RebuildStats {
  cells: number;
  calls: number;
  durationMs: number;
}

export interface BroughtBack {
  thread: QuickJSThread;
  cells: number;
  /** null after a rebuild: its first snapshot is a full one. */
  baseline: SnapshotBaseline | null;
  rebuilt?: RebuildStats;
}

const FOREIGN_BUILD = new Set(["wasm-build", "base-image", "version"]);

export async function restoreOrRebuild(
  chain: Uint8Array[],
  threadId: string,
  config: ThreadConfig,
  snapshots: SnapshotContext,
  expectedLastId: string | null,
  rebuild: () => Omit<RebuildContext, "skills" | "config">,
): Promise<BroughtBack> {
  try {
    const restored = await restoreSnapshotChain(chain, threadId, config, snapshots, expectedLastId);
    return { thread: restored.thread, cells: restored.core.cells, baseline: restored.baseline };
  } catch (error) {
    if (!isQuickboxError(error) || error.code !== "SNAPSHOT_REJECTED" || !FOREIGN_BUILD.has(error.reason ?? "")) throw error;
    const startedAt = performance.now();
    const foreign = await readForeignThread(chain, threadId, snapshots.keys, expectedLastId);
    if (foreign.journal.notReplayable !== undefined) {
      throw new QuickboxError(
        "NOT_REPLAYABLE",
        `thread "${threadId}" cannot be restored on this build (${error.message}) nor rebuilt: ${foreign.journal.notReplayable}. reset(threadId) clears it; an interpreter of the build that wrote it can still use it`,
        { details: { refused: error.reason, why: foreign.journal.notReplayable } },
      );
    }
    const rebuilt = await rebuildThread(foreign.journal.entries, { ...rebuild(), config, skills: foreign.skills });
    return { thread: rebuilt.thread, cells: foreign.cells, baseline: null, rebuilt: { cells: rebuilt.cells, calls: rebuilt.calls, durationMs: performance.now() - startedAt } };
  }
}
