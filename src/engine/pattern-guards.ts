/**
 * A top-level destructuring declaration (`const { items } = await tools.search(q)`) or assignment
 * (`({ a } = o)`) checks its value before the pattern takes it apart, so that its error reads exactly as V8's: QuickJS says
 * only "cannot convert to object", and neither it nor the source says whether the value was null
 * or undefined, but the check sees the value. It runs once per statement (the cell's top level,
 * never a loop's body): one more call.
 */
import type { Node, Pattern, Program } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import { destructuringMessage } from "./error-sites.js";
import type { Edit } from "./source-edits.js";
import { v8CallSite } from "./v8-call-printer.js";

/**
 * Text around the declaration's initializer: `__quickbox_pattern__(` … `, "…", "…")`. `named`: how
 * V8 names the value (by default, the initializer as its CallPrinter prints it).
 */
export function patternGuard(pattern: Pattern, init: Node, named = v8CallSite(init)): { open: string; close: string } | null {
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

/** A top-level destructuring assignment statement (`({ a } = o);`) checks its value too. */
export function patternAssignmentEdits(program: Program): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body) {
    const expression = statement.type === "ExpressionStatement" ? statement.expression : null;
    if (expression?.type !== "AssignmentExpression" || expression.operator !== "=") continue;
    const guard = patternGuard(expression.left as Pattern, expression.right);
    if (!guard) continue;
    edits.push({ at: expression.right.start, removeChars: 0, insert: guard.open });
    edits.push({ at: expression.right.end, removeChars: 0, insert: guard.close });
  }
  return edits;
}
