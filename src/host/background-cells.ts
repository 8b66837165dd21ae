/**
 * Background cells (DESIGN.md §3, `eval(code, { yieldAfterMs })`): an eval still running after
 * `yieldAfterMs` hands back `status: "running"` with a `cellId` while the program goes on; `wait`
 * returns its final result (or "running" again after `timeoutMs`), `cancel` ends it as Cancelled.
 * The eval keeps its thread meanwhile: other evals on that thread queue behind it, other threads
 * run. A cell lives in this interpreter's memory only: if the process dies, the program dies with
 * it, and the thread's next eval restarts from its last snapshot (a pause is stored as always).
 */
import { QuickboxError } from "../errors.js";
import { renderRunning } from "../result/wire-format.js";
import type { EvalResult } from "../types.js";
import type { RunProgress, StartedCell } from "./cell-start.js";

/** Settled cells whose result was already handed out, kept so that a repeated wait still answers. */
const MAX_DELIVERED_CELLS = 64;
/**
 * Finished cells nobody has waited for yet. Each holds its result (a value up to `maxValueChars`):
 * an interpreter whose caller starts cells and never waits would otherwise grow without bound.
 * Past this many, the oldest such cell is forgotten (a wait for it is UNKNOWN_CELL).
 */
export const MAX_UNCLAIMED_CELLS = 256;
/** `wait` without `timeoutMs`. */
export const DEFAULT_WAIT_TIMEOUT_MS = 30_000;

interface Cell {
  readonly id: string;
  readonly threadId: string;
  /** The program run's id (as its tool calls' ctx.caller.evalId and its events'). */
  readonly evalId: string;
  readonly startedAt: number;
  readonly result: Promise<EvalResult>;
  readonly cancel: AbortController;
  /** What is known of the run: has the program ended (its result then follows once its snapshot is stored)? */
  readonly progress: RunProgress;
  settled: EvalResult | null;
  delivered: boolean;
}

/** A cell id: `cell_` + 12 characters of [a-z0-9]. */
function newCellId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return "cell_" + Array.from(bytes, (byte) => "abcdefghijklmnopqrstuvwxyz0123456789"[byte % 36]).join("");
}

function delay(ms: number): { promise: Promise<"timeout">; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * `result` if it settles within `timeoutMs`, else "timeout". A program that has ended by then is
 * not running any more: its result is being settled (the thread's snapshot is stored first, which
 * can take a while), so that is waited for too — up to another `timeoutMs`, so that a store that
 * does not answer cannot hold the caller.
 */
async function settledWithin(result: Promise<EvalResult>, timeoutMs: number, progress: RunProgress): Promise<EvalResult | "timeout"> {
  for (let round = 0; round < 2; round++) {
    if (round === 1 && !progress.ended) break;
    const timer = delay(timeoutMs);
    const first = await Promise.race([result, timer.promise]);
    timer.clear();
    if (first !== "timeout") return first;
  }
  return "timeout";
}

/** A cell's "running" result: the text names the interpreter's own wait() and cancel(). */
function runningResult(cell: Cell): EvalResult {
  const elapsedMs = performance.now() - cell.startedAt;
  return {
    status: "running",
    cellId: cell.id,
    evalId: cell.evalId,
    text: renderRunning({ cellId: cell.id, threadId: cell.threadId, elapsedMs }),
    stdout: "",
    toolCalls: 0,
    durationMs: Math.round(elapsedMs),
  };
}

/** A cell's final result names its run too (a result made before the program started, e.g. a SnapshotError, has no evalId of its own). */
function withEvalId(result: EvalResult, evalId: string): EvalResult {
  return result.evalId === undefined ? { ...result, evalId } : result;
}

export class BackgroundCells {
  readonly #cells = new Map<string, Cell>();

  /**
   * Takes a started eval or resume (startCell): its result if it settles within `yieldAfterMs`,
   * otherwise a "running" result naming the new cell.
   */
  async run(threadId: string, yieldAfterMs: number, started: StartedCell): Promise<EvalResult> {
    const { cancel, startedAt, progress, evalIdKnown } = started;
    const first = await settledWithin(started.result, yieldAfterMs, progress);
    if (first !== "timeout") return first;
    // "running" names the run, as its tool calls and events do: wait until it is known (a resume
    // reads its paused thread first), unless the run ends before that.
    const evalId = await Promise.race([evalIdKnown, started.result.then(() => null, () => null)]);
    if (evalId === null) return started.result;
    const result = started.result.then((settled) => withEvalId(settled, evalId));
    const cell: Cell = { id: newCellId(), threadId, evalId, startedAt, result, cancel, progress, settled: null, delivered: false };
    // A cell that fails (the interpreter disposed mid-run) is settled by its own rejection in wait().
    result.then(
      (settled) => {
        cell.settled = settled;
        this.#forgetUnclaimedPastLimit();
      },
      () => {},
    );
    this.#cells.set(cell.id, cell);
    return runningResult(cell);
  }

  /** The cell's final result, or "running" again when it has not finished within `timeoutMs`. */
  async wait(cellId: string, timeoutMs: number = DEFAULT_WAIT_TIMEOUT_MS, threadId?: string): Promise<EvalResult> {
    const cell = this.#cell(cellId, threadId);
    if (!cell.settled) {
      const first = await settledWithin(cell.result, timeoutMs, cell.progress);
      if (first === "timeout") return runningResult(cell);
      cell.settled = first;
    }
    this.#delivered(cell);
    return cell.settled;
  }

  /** Stops the cell: its result (Cancelled, unless it had already finished). */
  async cancel(cellId: string, threadId?: string): Promise<EvalResult> {
    const cell = this.#cell(cellId, threadId);
    if (!cell.settled) cell.cancel.abort();
    const result = cell.settled ?? (await cell.result);
    cell.settled = result;
    this.#delivered(cell);
    return result;
  }

  /** Cells still running (dispose cancels them through the engine; nothing to do here but forget). */
  clear(): void {
    for (const cell of this.#cells.values()) cell.cancel.abort();
    this.#cells.clear();
  }

  /** The cell, if it exists — and, with `threadId` (a conversation's scope), only if it runs on that thread. */
  #cell(cellId: unknown, threadId?: string): Cell {
    if (typeof cellId !== "string") throw new QuickboxError("INVALID_OPTIONS", `cellId must be a string, got ${typeof cellId}`);
    const found = this.#cells.get(cellId);
    // Another thread's cell is answered exactly as a cell that does not exist: its existence is not told either.
    const cell = found && (threadId === undefined || found.threadId === threadId) ? found : undefined;
    if (!cell) {
      throw new QuickboxError(
        "UNKNOWN_CELL",
        `no background cell ${JSON.stringify(cellId)} in this interpreter (cells live in the interpreter that started them; of finished cells nobody waited for, the newest ${MAX_UNCLAIMED_CELLS} are kept)`,
      );
    }
    return cell;
  }

  /** Forgets the oldest cells of a kind beyond the newest `keep` (the map is in creation order). */
  #keepNewest(keep: number, ofKind: (cell: Cell) => boolean): void {
    const cells = [...this.#cells.values()].filter(ofKind);
    for (const old of cells.slice(0, Math.max(0, cells.length - keep))) this.#cells.delete(old.id);
  }

  #forgetUnclaimedPastLimit(): void {
    this.#keepNewest(MAX_UNCLAIMED_CELLS, (cell) => cell.settled !== null && !cell.delivered);
  }

  #delivered(cell: Cell): void {
    if (cell.delivered) return;
    cell.delivered = true;
    this.#keepNewest(MAX_DELIVERED_CELLS, (each) => each.delivered);
  }
}
