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
}

function parseScript(code: string): Program | null {
  try {
    return parse(code, { ecmaVersion: "latest", sourceType: "script", allowAwaitOutsideFunction: true, allowHashBang: true });
  } catch {
    return null;
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

function replDeclarationEdits(program: Program): Edit[] {
  const edits: Edit[] = [];
  for (const statement of program.body as DeclarationNode[]) {
    if (statement.type === "VariableDeclaration" && (statement.kind === "let" || statement.kind === "const")) {
      const keyword = statement.kind;
      edits.push({ at: statement.start, removeChars: keyword.length, insert: "var".padEnd(keyword.length, " ") });
      for (const declarator of statement.declarations ?? []) {
        // `let x;` must reset x when the cell runs again, as a fresh binding would.
        if (!declarator.init) edits.push({ at: declarator.id.end, removeChars: 0, insert: " = void 0" });
      }
    } else if (statement.type === "ClassDeclaration" && statement.id) {
      edits.push({ at: statement.start, removeChars: 0, insert: `var ${statement.id.name} = ` });
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
  if (program) return { code: applyEdits(source, replDeclarationEdits(program)), language: "javascript", parsed: true };
  const stripped = stripTypes(source);
  const strippedProgram = stripped === null ? null : parseScript(stripped);
  if (stripped !== null && strippedProgram) {
    return { code: applyEdits(stripped, replDeclarationEdits(strippedProgram)), language: "typescript", parsed: true };
  }
  // Not valid JavaScript or TypeScript: let QuickJS report the SyntaxError with its position.
  return { code: stripped ?? source, language: stripped === null ? "javascript" : "typescript", parsed: true };
}
