/**
 * The transforms of a few recent cells, by their exact source: a cell evaluated again (a loop of
 * agent turns that runs the same snippet, a retried call) is not parsed again, and on a live
 * thread takes the engine's synchronous lane like a cell that needs no transform. A transform
 * depends on the source alone (transformCell is pure), so a remembered one is the one it would
 * make. Bounded in count and in source size; a parse of a short cell costs tens of µs, which is
 * what a hit saves.
 */
import type { TransformedCell } from "./cell-transform.js";

export const CACHED_CELLS = 32;
/** Longer cells are not remembered (they are rarely repeated, and their parse is not the cost that matters). */
export const MAX_CACHED_SOURCE_CHARS = 8192;

export class CellCache {
  /** In use order, least recently used first (a Map keeps insertion order). */
  readonly #cells = new Map<string, TransformedCell>();

  get(source: string): TransformedCell | undefined {
    if (source.length > MAX_CACHED_SOURCE_CHARS) return undefined;
    const cell = this.#cells.get(source);
    if (cell) {
      this.#cells.delete(source);
      this.#cells.set(source, cell);
    }
    return cell;
  }

  remember(source: string, cell: TransformedCell): void {
    if (source.length > MAX_CACHED_SOURCE_CHARS) return;
    this.#cells.delete(source);
    this.#cells.set(source, cell);
    if (this.#cells.size > CACHED_CELLS) this.#cells.delete(this.#cells.keys().next().value!);
  }

  get size(): number {
    return this.#cells.size;
  }
}
