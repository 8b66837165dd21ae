/**
 * A top-level destructuring declaration (`const { items } = await tools.search(q)`) checks its
 * value before the pattern takes it apart, so that its error reads exactly as V8's: QuickJS says
 * only "cannot convert to object", and neither it nor the source says whether the value was null
 * or undefined, but the check sees the value. The declaration already passes its value through a
 * helper call (top-level-bindings.ts), so the check costs one more call per declaration.
 */
import type { Node, Pattern } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import { destructuringMessage } from "./error-sites.js";
import { v8CallSite } from "./v8-call-printer.js";

/** Text around the declaration's initializer: `__quickbox_pattern__(` … `, "…", "…")`. */
export function patternGuard(pattern: Pattern, init: Node): { open: string; close: string } | null {
  const named = v8CallSite(init);
  if (pattern.type === "ObjectPattern") {
    const messages = [destructuringMessage(pattern, named, "undefined"), destructuringMessage(pattern, named, "null")];
    return { open: `${CELL_GLOBALS.pattern}(`, close: `, ${messages.map((message) => JSON.stringify(message)).join(", ")})` };
  }
  if (pattern.type === "ArrayPattern") {
    const message = JSON.stringify(`${named} is not iterable`);
    return { open: `${CELL_GLOBALS.pattern}(`, close: `, ${message}, ${message}, ${message})` };
  }
  return null;
}
