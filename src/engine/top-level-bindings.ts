/**
 * REPL semantics for a cell's top-level declarations: they become bindings of the global object,
 * so they persist and re-running a cell rebinds instead of failing with a redeclaration error.
 * - `let x = v` → `var x = __quickbox_let__("x", v)` (a constant `x` of an earlier cell goes first);
 * - `const x = v` → `{let __quickbox_sink0 = __quickbox_const__("x", v); }`: x stays constant (a
 *   block holding only a declaration leaves the cell's completion value as it was);
 * - `class A {}` → `var A = __quickbox_let__("A", class A {});`;
 * - `import x, { a as b } from "m"` → `var { default: x, a: b } = await import("m");`.
 * Values pass through `{ "x": v }["x"]`, so anonymous functions and classes keep the name `x`.
 * Every rewrite keeps the code after it on its line, so error positions refer to the user's code.
 */
import type { Node, Program } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import { type Edit, newlinesIn } from "./source-edits.js";

interface PatternNode extends Node {
  name?: string;
  properties?: PatternNode[];
  elements?: (PatternNode | null)[];
  value?: PatternNode;
  argument?: PatternNode;
  left?: PatternNode;
}

interface Declarator {
  id: PatternNode;
  init: Node | null;
}

export interface DeclarationNode extends Node {
  kind?: string;
  declarations?: Declarator[];
  id?: { name: string } | null;
  source?: { value: unknown; raw?: string };
  specifiers?: { type: string; local: { name: string }; imported?: { name?: string; value?: string } }[];
}

/** The names a destructuring pattern binds, in order. Iterative: patterns may nest deeply. */
export function patternNames(pattern: PatternNode): string[] {
  const names: string[] = [];
  const pending: PatternNode[] = [pattern];
  while (pending.length) {
    const node = pending.pop()!;
    switch (node.type) {
      case "Identifier":
        names.push(node.name!);
        break;
      case "ObjectPattern":
        for (let i = (node.properties ?? []).length - 1; i >= 0; i--) pending.push(node.properties![i]!);
        break;
      case "Property":
        pending.push(node.value!);
        break;
      case "ArrayPattern":
        for (let i = (node.elements ?? []).length - 1; i >= 0; i--) if (node.elements![i]) pending.push(node.elements![i]!);
        break;
      case "RestElement":
        pending.push(node.argument!);
        break;
      case "AssignmentPattern":
        pending.push(node.left!);
        break;
    }
  }
  return names;
}

const named = (name: string, start: string, end: string) => ({ open: `{ ${JSON.stringify(name)}: ${start}`, close: `${end} }[${JSON.stringify(name)}]` });

function importEdit(statement: DeclarationNode, code: string): Edit {
  const source = JSON.stringify(String(statement.source?.value ?? ""));
  const specifiers = statement.specifiers ?? [];
  const namespace = specifiers.find((s) => s.type === "ImportNamespaceSpecifier");
  const bindings = specifiers
    .filter((s) => s.type !== "ImportNamespaceSpecifier")
    .map((s) => {
      const imported = s.type === "ImportDefaultSpecifier" ? "default" : (s.imported?.name ?? JSON.stringify(s.imported?.value));
      return imported === s.local.name ? imported : `${imported}: ${s.local.name}`;
    });
  const parts: string[] = [];
  if (namespace) parts.push(`var ${namespace.local.name} = await import(${source});`);
  if (bindings.length) parts.push(`var { ${bindings.join(", ")} } = ${namespace ? namespace.local.name : `await import(${source})`};`);
  if (!parts.length) parts.push(`await import(${source});`);
  const original = code.slice(statement.start, statement.end);
  return { at: statement.start, removeChars: original.length, insert: parts.join(" ") + newlinesIn(original) };
}

/** `await` or `yield` in a pattern's defaults cannot move into an arrow's parameters. */
const SUSPENDS = /\b(?:await|yield)\b/;

/** `const PATTERN = v` → `__quickbox_sinkN = __quickbox_const__([names], ((PATTERN) => [names])(v))`. */
function constantPatternEdits(declarator: Declarator, sink: string, code: string, edits: Edit[]): boolean {
  const { id, init } = declarator;
  const pattern = code.slice(id.start, id.end);
  if (!init) return false;
  const names = patternNames(id);
  const between = code.slice(id.end, init.start);
  edits.push({
    at: id.start,
    removeChars: init.start - id.start,
    insert: `${sink} = ${CELL_GLOBALS.constant}(${JSON.stringify(names)}, ((${pattern}) => [${names.join(", ")}])(${newlinesIn(between)}`,
  });
  edits.push({ at: init.end, removeChars: 0, insert: "))" });
  return true;
}

/** `await` in a const's pattern defaults: the declaration stays an ordinary (non-constant) binding. */
function constantExpressible(statement: DeclarationNode, code: string): boolean {
  return (statement.declarations ?? []).every(({ id, init }) => init !== null && (id.type === "Identifier" || !SUSPENDS.test(code.slice(id.start, id.end))));
}

function constantEdits(statement: DeclarationNode, code: string, edits: Edit[]): void {
  // `const` → `{let ` (as long): a block holding only declarations has no completion value.
  edits.push({ at: statement.start, removeChars: "const".length, insert: "{let " });
  (statement.declarations ?? []).forEach((declarator, index) => {
    const { id, init } = declarator;
    const sink = `${CELL_GLOBALS.sink}${index}`;
    if (id.type !== "Identifier") {
      constantPatternEdits(declarator, sink, code, edits);
      return;
    }
    const wrap = named(id.name!, "", "");
    edits.push({ at: id.start, removeChars: id.end - id.start, insert: sink });
    edits.push({ at: init!.start, removeChars: 0, insert: `${CELL_GLOBALS.constant}(${JSON.stringify(id.name)}, ${wrap.open}` });
    edits.push({ at: init!.end, removeChars: 0, insert: `${wrap.close})` });
  });
  edits.push({ at: statement.end, removeChars: 0, insert: code[statement.end - 1] === ";" ? " }" : "; }" });
}

function declarationEdits(statement: DeclarationNode, code: string, edits: Edit[]): void {
  const keyword = statement.kind!;
  // `var` stays; `using` stays (QuickJS reports it).
  if (keyword !== "let" && keyword !== "const") return;
  if (keyword === "const" && constantExpressible(statement, code)) {
    constantEdits(statement, code, edits);
    return;
  }
  // `let` (and a const that cannot be constant) → `var`, padded to keep columns.
  edits.push({ at: statement.start, removeChars: keyword.length, insert: "var".padEnd(keyword.length, " ") });
  for (const declarator of statement.declarations ?? []) {
    const { id, init } = declarator;
    const names = id.type === "Identifier" ? JSON.stringify(id.name) : JSON.stringify(patternNames(id));
    if (!init) {
      // `let x;` must reset x when the cell runs again, as a fresh binding would.
      edits.push({ at: id.end, removeChars: 0, insert: ` = ${CELL_GLOBALS.variable}(${names}, void 0)` });
      continue;
    }
    const wrap = id.type === "Identifier" ? named(id.name!, "", "") : { open: "", close: "" };
    edits.push({ at: init.start, removeChars: 0, insert: `${CELL_GLOBALS.variable}(${names}, ${wrap.open}` });
    edits.push({ at: init.end, removeChars: 0, insert: `${wrap.close})` });
  }
}

export function topLevelBindingEdits(program: Program, code: string): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as DeclarationNode[]) {
    if (statement.type === "ImportDeclaration") edits.push(importEdit(statement, code));
    else if (statement.type === "VariableDeclaration") declarationEdits(statement, code, edits);
    else if (statement.type === "ClassDeclaration" && statement.id) {
      // `class A {} next()` on one line is fine; `var A = class A {} next()` needs the semicolon.
      edits.push({ at: statement.start, removeChars: 0, insert: `var ${statement.id.name} = ${CELL_GLOBALS.variable}(${JSON.stringify(statement.id.name)}, ` });
      edits.push({ at: statement.end, removeChars: 0, insert: ");" });
    }
  }
  return edits;
}
