/**
 * Turns a cell (JavaScript or TypeScript) into a script for QuickJS's async global eval, which
 * gives top-level await and the completion value natively. What remains is REPL semantics:
 * top-level `let`/`const`/`class` become `var` bindings, so they persist on the global object and
 * re-running a cell rebinds instead of failing with a redeclaration error. Rewrites stay on their
 * line (and TypeScript stripping preserves lines), so error positions refer to the user's code.
 */
import { parse, type Node, type Program } from "acorn";
import { transform } from "sucrase";

export interface TransformedCell {
  code: string;
  language: "javascript" | "typescript";
  /** False when the cell was passed through unparsed (see transformCell's fast path). */
  parsed: boolean;
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

function stripTypes(code: string): string | null {
  try {
    return transform(code, {
      transforms: ["typescript"],
      disableESTransforms: true,
      keepUnusedImports: true,
      preserveDynamicImport: true,
    }).code;
  } catch {
    return null;
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

function applyEdits(code: string, edits: Edit[]): string {
  let result = code;
  for (const edit of [...edits].sort((a, b) => b.at - a.at)) {
    result = result.slice(0, edit.at) + edit.insert + result.slice(edit.at + edit.removeChars);
  }
  return result;
}

/**
 * Cells that cannot contain a declaration to rewrite skip parsing: QuickJS compiles them as they
 * are. If that fails to compile, the caller retries with `{ full: true }` (the cell may be
 * TypeScript); a compile error means nothing ran, so the retry repeats no side effect.
 */
export function transformCell(source: string, options: { full?: boolean } = {}): TransformedCell {
  if (!options.full && !MAY_DECLARE.test(source)) return { code: source, language: "javascript", parsed: false };
  const program = parseScript(source);
  if (program) return { code: applyEdits(source, replDeclarationEdits(program, source)), language: "javascript", parsed: true };
  const stripped = stripTypes(source);
  const strippedProgram = stripped === null ? null : parseScript(stripped);
  if (stripped !== null && strippedProgram) {
    return { code: applyEdits(stripped, replDeclarationEdits(strippedProgram, stripped)), language: "typescript", parsed: true };
  }
  // Not valid JavaScript or TypeScript: let QuickJS report the SyntaxError with its position.
  return { code: stripped ?? source, language: stripped === null ? "javascript" : "typescript", parsed: true };
}
