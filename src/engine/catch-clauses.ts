/**
 * What a program catches reads as Node writes it: every `catch` of the cell starts by handing the
 * caught value to `__quickbox_error__` (guest/node-errors.ts), which gives an error the engine
 * made V8's message before the program sees it. A destructuring parameter
 * (`catch ({ message })`) becomes a plain one, destructured first thing in the block, after the
 * check V8 words as `… of '.catch' as it is null.` (pattern-guards.ts). Each rewrite stays on its line.
 */
import type { Program } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import { collect } from "./ast-walk.js";
import { patternGuard } from "./pattern-guards.js";
import type { Edit } from "./source-edits.js";

const CATCH_WORD = /\bcatch\b/;
const CAUGHT = "__quickbox_caught__";

export function catchClauseEdits(program: Program, code: string): Edit[] {
  if (!CATCH_WORD.test(code)) return [];
  const edits: Edit[] = [];
  for (const { node } of collect(program, (node) => node.type === "CatchClause")) {
    if (node.type !== "CatchClause" || !node.param) continue;
    const bodyStart = node.body.start + 1;
    if (node.param.type === "Identifier") {
      edits.push({ at: bodyStart, removeChars: 0, insert: ` ${CELL_GLOBALS.error}(${node.param.name});` });
      continue;
    }
    const pattern = code.slice(node.param.start, node.param.end);
    // Moved into the block's first line: a pattern spread over lines with a line comment stays as it is.
    if (pattern.includes("//")) continue;
    // V8 names the caught value '.catch' (its parser's name for it).
    const guard = node.param.type === "ObjectPattern" ? patternGuard(node.param, node.param, ".catch") : null;
    const caught = `${CELL_GLOBALS.error}(${CAUGHT})`;
    edits.push({ at: node.param.start, removeChars: pattern.length, insert: CAUGHT + pattern.replace(/[^\n]/g, "") });
    edits.push({ at: bodyStart, removeChars: 0, insert: ` let ${pattern.replace(/\n/g, " ")} = ${guard ? `${guard.open}${caught}${guard.close}` : caught};` });
  }
  return edits;
}
