/**
 * Turns a cell (JavaScript or TypeScript) into a script for QuickJS's async global eval, which
 * gives top-level await and the completion value natively. What remains is REPL semantics:
 * top-level `let`/`const`/`class` become `var` bindings, so they persist on the global object and
 * re-running a cell rebinds instead of failing with a redeclaration error. Rewrites stay on their
 * line (and TypeScript stripping preserves lines), so error positions refer to the user's code.
 */
import { parse, type Node, type Program } from "acorn";
import { transform } from "sucrase";
import { typeAssertionDepth } from "./type-assertion-depth.js";

/**
 * Type assertions (`<T>(…)`) nested deeper than this are refused: sucrase's work doubles with each
 * level (see type-assertion-depth.ts); 12 levels cost it about 0.1 s.
 */
export const MAX_TYPE_ASSERTION_DEPTH = 10;

export interface TransformedCell {
  code: string;
  /** The cell was refused before any parsing (too many declarations): why. */
  refused?: string;
  language: "javascript" | "typescript";
  /** False when the cell was passed through unparsed (see transformCell's fast path). */
  parsed: boolean;
  /**
   * A TypeScript cell with a syntax error of its own: reported as the TypeScript parser saw it
   * (QuickJS would stop at the first type annotation and blame valid code). Line and column 1-based.
   */
  syntaxError?: { message: string; line: number; column: number };
}

/**
 * acorn checks each `let`/`const`/`class`/`function` declaration against the others of its scope
 * one by one: quadratic (30,000 in one cell took seconds). A cell with more of these words than
 * this is refused at once; spread over cells, declarations cost nothing extra.
 */
export const MAX_DECLARATIONS = 4000;
const DECLARATION_WORD = /\b(?:let|const|class|function)\b/g;

function tooManyDeclarations(source: string): number | null {
  let count = 0;
  DECLARATION_WORD.lastIndex = 0;
  while (DECLARATION_WORD.exec(source)) if (++count > MAX_DECLARATIONS) return count;
  return null;
}

/** Only these top-level forms need rewriting; a cell without the words needs no parse. */
const MAY_DECLARE = /\b(?:let|const|class|import|export|using)\b/;

interface Edit {
  at: number;
  removeChars: number;
  insert: string;
}

interface DeclarationNode extends Node {
  kind?: string;
  declarations?: { id: Node; init: Node | null }[];
  id?: { name: string } | null;
  source?: { value: unknown; raw?: string };
  specifiers?: { type: string; local: { name: string }; imported?: { name?: string; value?: string } }[];
}

/**
 * `import x, { a as b } from "m"` → `var { default: x, a: b } = await import("m");` on the same
 * lines, so cells can import skills (and get a clear error for anything else).
 */
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
  const newlines = original.split("\n").length - 1;
  return { at: statement.start, removeChars: original.length, insert: parts.join(" ") + "\n".repeat(newlines) };
}

function parseScript(code: string): Program | null {
  try {
    return parse(code, { ecmaVersion: "latest", sourceType: "script", allowAwaitOutsideFunction: true, allowHashBang: true });
  } catch {
    // Top-level import declarations need module syntax; they are rewritten to dynamic imports.
    try {
      const program = parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowHashBang: true });
      return program.body.some((statement) => statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration" || statement.type === "ExportAllDeclaration")
        ? null
        : program;
    } catch {
      return null;
    }
  }
}

interface Position {
  line: number;
  column: number;
}

/** Where acorn stops on `code` as JavaScript (an index), or null if it parses. */
function javascriptErrorIndex(code: string): number | null {
  try {
    parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowHashBang: true });
    return null;
  } catch (error) {
    const pos = (error as { pos?: unknown }).pos;
    return typeof pos === "number" ? pos : null;
  }
}

const TYPESCRIPT_WORDS = new Set(["type", "interface", "enum", "as", "satisfies", "implements", "declare", "namespace", "abstract", "readonly", "private", "public", "protected", "keyof"]);

/** Is what JavaScript stumbled on at `index` TypeScript syntax (`x: T`, `f<T>`, `x!`, `interface`, …)? */
function typeScriptSyntaxAt(code: string, index: number): boolean {
  const char = code[index];
  if (char !== undefined && ":<!?".includes(char)) return true;
  const wordAt = /^[A-Za-z]+/.exec(code.slice(index))?.[0] ?? "";
  const wordBefore = /([A-Za-z]+)\s*$/.exec(code.slice(Math.max(0, index - 40), index))?.[1] ?? "";
  return TYPESCRIPT_WORDS.has(wordAt) || TYPESCRIPT_WORDS.has(wordBefore);
}

function stripTypes(code: string): { code: string } | { error: { message: string; loc?: Position } } {
  const depth = typeAssertionDepth(code);
  if (depth > MAX_TYPE_ASSERTION_DEPTH) {
    return { error: { message: `the cell nests type assertions (<T>(…)) ${depth} levels deep; at most ${MAX_TYPE_ASSERTION_DEPTH} are accepted (use \`x as T\`)`, loc: { line: 1, column: 1 } } };
  }
  try {
    return {
      code: transform(code, {
        transforms: ["typescript"],
        disableESTransforms: true,
        keepUnusedImports: true,
        preserveDynamicImport: true,
      }).code,
    };
  } catch (error) {
    const { message, loc } = error as { message?: unknown; loc?: Position };
    return { error: { message: String(message ?? error).replace(/ \(\d+:\d+\)$/, ""), ...(loc ? { loc: { line: loc.line, column: loc.column } } : {}) } };
  }
}


function replDeclarationEdits(program: Program, code: string): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as DeclarationNode[]) {
    if (statement.type === "ImportDeclaration") {
      edits.push(importEdit(statement, code));
      continue;
    }
    if (statement.type === "VariableDeclaration" && (statement.kind === "let" || statement.kind === "const")) {
      const keyword = statement.kind;
      edits.push({ at: statement.start, removeChars: keyword.length, insert: "var".padEnd(keyword.length, " ") });
      for (const declarator of statement.declarations ?? []) {
        // `let x;` must reset x when the cell runs again, as a fresh binding would.
        if (!declarator.init) edits.push({ at: declarator.id.end, removeChars: 0, insert: " = void 0" });
      }
    } else if (statement.type === "ClassDeclaration" && statement.id) {
      // `class A {} next()` on one line is fine; `var A = class A {} next()` needs the semicolon.
      edits.push({ at: statement.start, removeChars: 0, insert: `var ${statement.id.name} = ` });
      edits.push({ at: statement.end, removeChars: 0, insert: ";" });
    }
  }
  return edits;
}

/** Applies edits in one pass (linear in the code's length, however many edits there are). */
function applyEdits(code: string, edits: Edit[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.at - b.at)) {
    parts.push(code.slice(from, edit.at), edit.insert);
    from = edit.at + edit.removeChars;
  }
  parts.push(code.slice(from));
  return parts.join("");
}

/**
 * Cells that cannot contain a declaration to rewrite skip parsing: QuickJS compiles them as they
 * are. If that fails to compile, the caller retries with `{ full: true }` (the cell may be
 * TypeScript); a compile error means nothing ran, so the retry repeats no side effect.
 */
export function transformCell(source: string, options: { full?: boolean } = {}): TransformedCell {
  if (!options.full && !MAY_DECLARE.test(source)) return { code: source, language: "javascript", parsed: false };
  if (tooManyDeclarations(source) !== null) {
    return { code: source, language: "javascript", parsed: false, refused: `the cell has more than ${MAX_DECLARATIONS} declarations (let, const, class, function); split it into several cells` };
  }
  const program = parseScript(source);
  if (program) return { code: applyEdits(source, replDeclarationEdits(program, source)), language: "javascript", parsed: true };
  const result = stripTypes(source);
  const stripped = "code" in result ? result.code : null;
  const strippedProgram = stripped === null ? null : parseScript(stripped);
  if (stripped !== null && strippedProgram) {
    return { code: applyEdits(stripped, replDeclarationEdits(strippedProgram, stripped)), language: "typescript", parsed: true };
  }
  if ("error" in result && result.error.loc) {
    // JavaScript stumbles on TypeScript syntax: TypeScript with a mistake of its own further on.
    const javascriptStop = javascriptErrorIndex(source);
    if (javascriptStop !== null && typeScriptSyntaxAt(source, javascriptStop)) {
      return { code: source, language: "typescript", parsed: true, syntaxError: { message: result.error.message, line: result.error.loc.line, column: result.error.loc.column } };
    }
  }
  // Not valid JavaScript or TypeScript: let QuickJS report the SyntaxError with its position.
  return { code: stripped ?? source, language: stripped === null ? "javascript" : "typescript", parsed: true };
}
