/**
 * REPL semantics for a cell's top-level declarations: they become bindings of the global object,
 * so they persist and re-running a cell rebinds instead of failing with a redeclaration error.
 * - `const x = v` → `{let __quickbox_sink0 = __quickbox_const__("x", v); }`: x stays constant (a
 *   block holding only a declaration leaves the cell's completion value as it was);
 * - `let x = v` → `{let __quickbox_sink0 = __quickbox_bind__("x", v); }`: an ordinary global
 *   (a constant `x` of an earlier cell is replaced); `class A {}` likewise;
 * - a `let`/`const` pattern with `await` in its defaults stays a declaration: `var PATTERN =
 *   __quickbox_let__([names], v)` (an arrow's parameters could not hold the `await`);
 * - `import x, { a as b } from "m"` → `var { default: x, a: b } = await import("m");`.
 * Values pass through `{ "x": v }["x"]`, so anonymous functions and classes keep the name `x`.
 * A cell that uses a let/const/class name before its declaration starts with `__quickbox_tdz__([names])`:
 * until its declaration runs, the name throws as a temporal dead zone does (guest/temporal-dead-zone.ts).
 * Every rewrite keeps the code after it on its line, so error positions refer to the user's code.
 */
import type { Node, Pattern, Program } from "acorn";
import { CELL_GLOBALS } from "../guest/cell-global-names.js";
import { patternAssignmentEdits, patternGuard } from "./pattern-guards.js";
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

/**
 * `const PATTERN = v` → `__quickbox_sinkN = __quickbox_const__([names], ((PATTERN) => [names])(__quickbox_pattern__(v, …)))`
 * (let: `__quickbox_bind__`); the guard throws V8's error for a value the pattern cannot take (pattern-guards.ts).
 */
function patternEdits(declarator: Declarator, sink: string, helper: string, code: string, edits: Edit[]): void {
  const { id, init } = declarator;
  const pattern = code.slice(id.start, id.end);
  const names = patternNames(id);
  const between = code.slice(id.end, init!.start);
  const guard = patternGuard(id as Pattern, init!);
  edits.push({
    at: id.start,
    removeChars: init!.start - id.start,
    insert: `${sink} = ${helper}(${JSON.stringify(names)}, ((${pattern}) => [${names.join(", ")}])(${newlinesIn(between)}${guard?.open ?? ""}`,
  });
  edits.push({ at: init!.end, removeChars: 0, insert: `${guard?.close ?? ""}))` });
}

/** `await` in a pattern's defaults: the declaration stays a `var` (not constant, no dead zone). */
function bindingExpressible(statement: DeclarationNode, code: string): boolean {
  return (statement.declarations ?? []).every(({ id, init }) => (id.type === "Identifier" ? init !== null || statement.kind === "let" : init !== null && !SUSPENDS.test(code.slice(id.start, id.end))));
}

/** `const x = v` / `let x = v` → `{let __quickbox_sink0 = helper("x", v); }`: the helper defines the global. */
function bindingEdits(statement: DeclarationNode, code: string, edits: Edit[], helper: string): void {
  // `const` → `{let ` (as long), `let` → `{let`: a block holding only declarations has no completion value.
  const keyword = statement.kind!;
  edits.push({ at: statement.start, removeChars: keyword.length, insert: keyword === "const" ? "{let " : "{let" });
  (statement.declarations ?? []).forEach((declarator, index) => {
    const { id, init } = declarator;
    const sink = `${CELL_GLOBALS.sink}${index}`;
    if (id.type !== "Identifier") {
      patternEdits(declarator, sink, helper, code, edits);
      return;
    }
    edits.push({ at: id.start, removeChars: id.end - id.start, insert: sink });
    if (!init) {
      // `let x;` resets x when the cell runs again, as a fresh binding would.
      edits.push({ at: id.end, removeChars: 0, insert: ` = ${helper}(${JSON.stringify(id.name)}, void 0)` });
      return;
    }
    const wrap = named(id.name!, "", "");
    edits.push({ at: init.start, removeChars: 0, insert: `${helper}(${JSON.stringify(id.name)}, ${wrap.open}` });
    edits.push({ at: init.end, removeChars: 0, insert: `${wrap.close})` });
  });
  edits.push({ at: statement.end, removeChars: 0, insert: code[statement.end - 1] === ";" ? " }" : "; }" });
}

function declarationEdits(statement: DeclarationNode, code: string, edits: Edit[]): void {
  const keyword = statement.kind!;
  // `var` stays; `using` stays (QuickJS reports it).
  if (keyword !== "let" && keyword !== "const") return;
  if (bindingExpressible(statement, code)) {
    bindingEdits(statement, code, edits, keyword === "const" ? CELL_GLOBALS.constant : CELL_GLOBALS.binding);
    return;
  }
  // A pattern with `await` in its defaults → `var`, padded to keep columns.
  edits.push({ at: statement.start, removeChars: keyword.length, insert: "var".padEnd(keyword.length, " ") });
  for (const declarator of statement.declarations ?? []) {
    const { id, init } = declarator;
    const names = id.type === "Identifier" ? JSON.stringify(id.name) : JSON.stringify(patternNames(id));
    if (!init) {
      edits.push({ at: id.end, removeChars: 0, insert: ` = ${CELL_GLOBALS.variable}(${names}, void 0)` });
      continue;
    }
    const wrap = id.type === "Identifier" ? named(id.name!, "", "") : { open: "", close: "" };
    edits.push({ at: init.start, removeChars: 0, insert: `${CELL_GLOBALS.variable}(${names}, ${wrap.open}` });
    edits.push({ at: init.end, removeChars: 0, insert: `${wrap.close})` });
  }
}

interface LexicalDeclaration {
  names: string[];
  /** The declared names' own range (the pattern, the class name): a name there is not a use. */
  bindingStart: number;
  bindingEnd: number;
  /** Where the declaration ends: a use before it is in the dead zone. */
  end: number;
}

/** The cell's top-level `let`, `const` and `class` declarations. */
function lexicalDeclarations(program: Program): LexicalDeclaration[] {
  const declarations: LexicalDeclaration[] = [];
  for (const statement of program.body as DeclarationNode[]) {
    if (statement.type === "VariableDeclaration" && (statement.kind === "let" || statement.kind === "const")) {
      for (const { id } of statement.declarations ?? []) declarations.push({ names: patternNames(id), bindingStart: id.start, bindingEnd: id.end, end: statement.end });
    } else if (statement.type === "ClassDeclaration" && statement.id) {
      const id = statement.id as unknown as Node;
      declarations.push({ names: [statement.id.name], bindingStart: id.start, bindingEnd: id.end, end: statement.end });
    }
  }
  return declarations;
}

const WORD = /[A-Za-z_$][\w$]*/g;

/**
 * The names the cell may use before their declaration: the word appears earlier in the text, or
 * in the declaration's own initializer. Most cells use none, and then pay nothing; a word in a
 * string or a property name only costs a dead zone that is never hit. One pass over the text.
 */
function namesUsedEarly(code: string, declarations: LexicalDeclaration[]): string[] {
  const byName = new Map<string, LexicalDeclaration>();
  let lastEnd = 0;
  for (const declaration of declarations) {
    for (const name of declaration.names) byName.set(name, declaration);
    lastEnd = Math.max(lastEnd, declaration.end);
  }
  const early = new Set<string>();
  WORD.lastIndex = 0;
  for (let word = WORD.exec(code); word && word.index < lastEnd; word = WORD.exec(code)) {
    const declaration = byName.get(word[0]);
    if (!declaration || early.has(word[0])) continue;
    const at = word.index;
    if (at < declaration.bindingStart || (at >= declaration.bindingEnd && at < declaration.end)) early.add(word[0]);
  }
  return [...early];
}

/**
 * `{let __quickbox_sink0 = __quickbox_tdz__([names]); }` before the first statement (after a
 * directive prologue): a declaration, so the cell's completion value stays as it was.
 */
function deadZoneEdit(program: Program, code: string): Edit | null {
  const names = namesUsedEarly(code, lexicalDeclarations(program));
  const first = (program.body as (DeclarationNode & { directive?: string })[]).find((statement) => statement.directive === undefined);
  if (!names.length || !first) return null;
  return { at: first.start, removeChars: 0, insert: `{let ${CELL_GLOBALS.sink}0 = ${CELL_GLOBALS.deadZones}(${JSON.stringify(names)}); } ` };
}

export function topLevelBindingEdits(program: Program, code: string): Edit[] {
  const deadZones = deadZoneEdit(program, code);
  const edits: Edit[] = [...(deadZones ? [deadZones] : []), ...patternAssignmentEdits(program)];
  for (const statement of program.body as DeclarationNode[]) {
    if (statement.type === "ImportDeclaration") edits.push(importEdit(statement, code));
    else if (statement.type === "VariableDeclaration") declarationEdits(statement, code, edits);
    else if (statement.type === "ClassDeclaration" && statement.id) {
      // `class A {} next()` on one line is fine: the block ends before `next()`.
      edits.push({ at: statement.start, removeChars: 0, insert: `{let ${CELL_GLOBALS.sink}0 = ${CELL_GLOBALS.binding}(${JSON.stringify(statement.id.name)}, ` });
      edits.push({ at: statement.end, removeChars: 0, insert: "); }" });
    }
  }
  return edits;
}
