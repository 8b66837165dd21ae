/**
 * Values that leave the sandbox are bounded as trees (DESIGN §3, README "What the model reads").
 * A copy the guest made keeps its shared references and cycles (structured-clone semantics), and
 * its encoded size is limited; but a few hundred encoded bytes can expand to 2^40 paths once a
 * host walks it as a tree (JSON.stringify, a logger). So, on the host, right after it is decoded:
 *
 * - a value that, written out as a tree, fits in its budget arrives exactly as the program made it;
 * - a larger one arrives as a tree, in depth-first order: the first occurrence of each object is
 *   kept, and every later one (a repeat, or a cycle back to an ancestor) is the marker
 *   `{ $shared: "#/path/of/the/first" }` (a JSON Pointer into the delivered value; once the
 *   markers' paths have used the budget, later markers say `"…"`). So is a repeat of a string
 *   longer than SHARED_STRING_MIN_CHARS, of such a BigInt, or of binary data whose memory already
 *   appeared (a second view of one buffer); an array with holes becomes
 *   `{ $sparse: { length, items: { index: value } } }`.
 *
 * Map entries and Set members are numbered in the paths in insertion order (a Map entry is
 * `[key, value]`: `#/m/0/1` is the first entry's value).
 *
 * That tree has a bound of its own: written out with its markers (their paths apart), it takes at
 * most `markerBudgetChars` (the copy's own limit); a value larger even then is not delivered
 * (`tooLarge`): 250,000 references to one string are not 250,000 markers to build and hand on.
 * The guest's copy counts the same way and stops there (src/guest/bounded-copy.ts).
 *
 * Costs: the measurements at most about their budgets; the copy (src/result/tree-copy.ts), when
 * one is needed, one step per reference, within the marker budget.
 */
import { markerFormFits } from "./marker-size.js";
import { copyAsTree, SHARED_MARKER, SPARSE_MARKER } from "./tree-copy.js";
import { fitsAsTree } from "./tree-size.js";

export { SHARED_MARKER, SHARED_STRING_MIN_CHARS, SPARSE_MARKER } from "./tree-copy.js";

export interface BoundedValue {
  value: unknown;
  /** The value was too large even as a tree with markers: `value` is undefined. */
  tooLarge?: true;
  /** How many repeats became `{ $shared }` markers (0: the value arrived as the program made it). */
  repeats: number;
  /** How many arrays with holes became `{ $sparse }`. */
  sparseArrays: number;
}

/**
 * `value` as the host may hand it on: itself when, written out as a tree, it takes at most
 * `budgetChars` characters (told in at most `maxSteps` steps: a value built of cycles and shared
 * references that needs more is taken as too large); otherwise its tree copy with markers, when
 * that takes at most `markerBudgetChars`; otherwise nothing (`tooLarge`).
 */
export function boundAsTree(value: unknown, budgetChars: number, maxSteps = Infinity, markerBudgetChars = Infinity): BoundedValue {
  if (fitsAsTree(value, budgetChars, maxSteps)) return { value, repeats: 0, sparseArrays: 0 };
  if (markerBudgetChars !== Infinity && !markerFormFits(value, markerBudgetChars)) return { value: undefined, tooLarge: true, repeats: 0, sparseArrays: 0 };
  return copyAsTree(value, budgetChars);
}

export { tooLargeAsTreeNote } from "./tree-costs.js";

/** What EvalResult.warnings says when a value arrived with markers (null: it arrived as made). */
export function boundedValueNote(bounded: BoundedValue, budgetChars: number): string | null {
  if (bounded.repeats === 0 && bounded.sparseArrays === 0) return null;
  const parts = [
    bounded.repeats ? `${bounded.repeats} repeated reference${bounded.repeats === 1 ? "" : "s"} became { ${SHARED_MARKER}: "#/…" }` : "",
    bounded.sparseArrays ? `${bounded.sparseArrays} array${bounded.sparseArrays === 1 ? "" : "s"} with holes became { ${SPARSE_MARKER}: { length, items } }` : "",
  ].filter(Boolean);
  return `value: larger than ${budgetChars} characters written out as a tree, so ${parts.join(" and ")}`;
}
