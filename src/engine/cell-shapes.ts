/**
 * Program shapes other code-mode sandboxes taught models, rewritten into a cell QuickJS runs:
 * - a top-level `return expr` ends the cell with that value: the cell becomes a labelled block
 *   and each such `return x` becomes `{ (x); break __quickbox_cell__; }` (a block's completion
 *   value carries through `break`); functions declared at its top level are made global at the
 *   block's start, as hoisting would (block-level async functions and generators would not be);
 * - a cell that is one function expression without parameters, `async () => { … }`, is called
 *   (and its promise awaited, as every final promise is).
 * Both keep every line where it was.
 */
import type { Node, Program } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import type { Edit } from "./source-edits.js";

interface ShapeNode extends Node {
  expression?: ShapeNode;
  params?: Node[];
  argument?: Node | null;
  id?: { name: string } | null;
}

const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** `return` statements of the top-level scope (not inside any function). One pass, no recursion. */
function topLevelReturns(program: Program): ShapeNode[] {
  const returns: ShapeNode[] = [];
  const pending: unknown[] = [...program.body];
  while (pending.length) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    if (typeof value !== "object" || value === null || typeof (value as Node).type !== "string") continue;
    const node = value as ShapeNode;
    if (FUNCTION_TYPES.has(node.type)) continue;
    if (node.type === "ReturnStatement") returns.push(node);
    for (const key in node) {
      if (key === "type" || key === "start" || key === "end" || key === "loc" || key === "range") continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (typeof child === "object" && child !== null) pending.push(child);
    }
  }
  return returns;
}

/** Does the cell return at its top level? (Cheap word test before the walk.) */
const RETURN_WORD = /\breturn\b/;

/** Edits for a top-level `return`: `closing` must apply after every other edit at the cell's end. */
export function topLevelReturnEdits(program: Program, code: string): { edits: Edit[]; closing: Edit[] } {
  if (!RETURN_WORD.test(code)) return { edits: [], closing: [] };
  const returns = topLevelReturns(program);
  if (!returns.length) return { edits: [], closing: [] };
  const label = CELL_GLOBALS.cellLabel;
  const functions = (program.body as ShapeNode[]).filter((statement) => statement.type === "FunctionDeclaration" && statement.id);
  const prologue = functions.map((fn) => `${CELL_GLOBALS.publish}(${JSON.stringify(fn.id!.name)}, ${fn.id!.name});`).join(" ");
  const edits: Edit[] = [{ at: 0, removeChars: 0, insert: `${label}: { ${prologue}` }];
  for (const statement of returns) {
    const keywordEnd = statement.start + "return".length;
    if (statement.argument) {
      edits.push({ at: statement.start, removeChars: statement.argument.start - statement.start, insert: `{ (${code.slice(keywordEnd, statement.argument.start).replace(/[^\n]/g, "")}` });
      edits.push({ at: statement.argument.end, removeChars: statement.end - statement.argument.end, insert: `); break ${label}; }` });
    } else {
      edits.push({ at: statement.start, removeChars: statement.end - statement.start, insert: `{ void 0; break ${label}; }` });
    }
  }
  // On its own line: a cell may end in a line comment.
  return { edits, closing: [{ at: code.length, removeChars: 0, insert: "\n}" }] };
}

/** `async () => { … }` (or a parameterless function expression) as the whole cell: call it. */
export function functionCellEdits(program: Program): Edit[] {
  if (program.body.length !== 1) return [];
  const statement = program.body[0] as ShapeNode;
  const expression = statement.type === "ExpressionStatement" ? statement.expression : undefined;
  if (!expression || (expression.type !== "ArrowFunctionExpression" && expression.type !== "FunctionExpression")) return [];
  if (expression.params?.length) return [];
  return [
    { at: expression.start, removeChars: 0, insert: "(" },
    { at: expression.end, removeChars: 0, insert: ")()" },
  ];
}
