/**
 * Turns a cell (JavaScript or TypeScript) into a script for QuickJS's async global eval, which
 * gives top-level await and the completion value natively. What remains is REPL semantics
 * (top-level-bindings.ts: declarations persist on the global object, re-running rebinds, `const`
 * stays constant) and the program shapes of other code-mode conventions (cell-shapes.ts: a
 * top-level `return`, a cell that is one function). Rewrites stay on their line (and TypeScript
 * stripping preserves lines), so error positions refer to the user's code.
 */
import { parse, type Program } from "acorn";
import type { Options } from "sucrase";
import { catchClauseEdits } from "./catch-clauses.js";
import { functionCellEdits, topLevelReturnEdits } from "./cell-shapes.js";
import { applyEdits } from "./source-edits.js";
import { topLevelBindingEdits } from "./top-level-bindings.js";
import { compileNamespaces, loadSucrase } from "./ts-namespaces.js";
import { typeAssertionDepth } from "./type-assertion-depth.js";
import { hasGenericCall, typeScriptSyntaxAt } from "./typescript-signals.js";

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

/** Only these forms need rewriting (top-level declarations, catch clauses); a cell without the words needs no parse. */
const MAY_DECLARE = /\b(?:let|const|class|import|export|using|catch)\b/;
/**
 * The cell may be one function expression (`async () => {…}`, `(function () {…})`), maybe after
 * comments: it is parsed to find out. Each alternative starts with another character, so the
 * pattern runs in linear time.
 */
const MAY_BE_FUNCTION_CELL = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*[(\s]*(?:async\b|function\b|\()/;

function parseScript(code: string): Program | null {
  try {
    return parse(code, { ecmaVersion: "latest", sourceType: "script", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true });
  } catch {
    // Top-level import declarations need module syntax; they are rewritten to dynamic imports.
    try {
      const program = parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true });
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
    parse(code, { ecmaVersion: "latest", sourceType: "module", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true });
    return null;
  } catch (error) {
    const pos = (error as { pos?: unknown }).pos;
    return typeof pos === "number" ? pos : null;
  }
}

const SUCRASE_OPTIONS: Options = { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true, preserveDynamicImport: true };
/** sucrase drops namespaces as if they were types: cells that may hold one get them compiled first. */
const MAY_HOLD_NAMESPACE = /\b(?:namespace|module)\s+[A-Za-z_$]/;

async function stripTypes(code: string): Promise<{ code: string } | { error: { message: string; loc?: Position } }> {
  const depth = typeAssertionDepth(code);
  if (depth > MAX_TYPE_ASSERTION_DEPTH) {
    return { error: { message: `the cell nests type assertions (<T>(…)) ${depth} levels deep; at most ${MAX_TYPE_ASSERTION_DEPTH} are accepted (use \`x as T\`)`, loc: { line: 1, column: 1 } } };
  }
  // Outside the try: sucrase that cannot be loaded (a worker part not served) is the setup's failure, not the cell's.
  const { transform } = await loadSucrase();
  try {
    const withNamespaces = MAY_HOLD_NAMESPACE.test(code) ? await compileNamespaces(code, SUCRASE_OPTIONS) : code;
    return { code: transform(withNamespaces, SUCRASE_OPTIONS).code };
  } catch (error) {
    const { message, loc } = error as { message?: unknown; loc?: Position };
    return { error: { message: String(message ?? error).replace(/ \(\d+:\d+\)$/, ""), ...(loc ? { loc: { line: loc.line, column: loc.column } } : {}) } };
  }
}


/** The cell as QuickJS runs it: program shapes first, then REPL bindings, then catch clauses (see the modules). */
function rewrite(program: Program, code: string): string {
  const returns = topLevelReturnEdits(program, code);
  return applyEdits(code, [...returns.edits, ...functionCellEdits(program), ...topLevelBindingEdits(program, code), ...catchClauseEdits(program, code), ...returns.closing]);
}

/**
 * Cells that cannot contain a declaration to rewrite skip parsing: QuickJS compiles them as they
 * are. If that fails to compile, the caller retries with `{ full: true }` (the cell may be
 * TypeScript); a compile error means nothing ran, so the retry repeats no side effect.
 */
/** After comments: `function (` or `async function (` (also a generator), anonymous. */
const ANONYMOUS_FUNCTION_START = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*(?:async\s+)?function\s*\*?\s*\(/;

/**
 * `async function () { … }` as the whole cell (Cloudflare Code Mode's convention) is no statement
 * JavaScript accepts: read as an expression, it is a function cell like the others.
 */
async function anonymousFunctionCell(source: string): Promise<TransformedCell | null> {
  if (!ANONYMOUS_FUNCTION_START.test(source)) return null;
  const wrapped = `(${source.replace(/;\s*$/, "")}\n)`;
  const asJavaScript = parseScript(wrapped);
  if (asJavaScript) return functionCellEdits(asJavaScript).length ? { code: `${applyEdits(wrapped, catchClauseEdits(asJavaScript, wrapped))}()`, language: "javascript", parsed: true } : null;
  const result = await stripTypes(wrapped);
  const asTypeScript = "code" in result ? parseScript(result.code) : null;
  if (asTypeScript && "code" in result && functionCellEdits(asTypeScript).length) {
    return { code: `${applyEdits(result.code, catchClauseEdits(asTypeScript, result.code))}()`, language: "typescript", parsed: true };
  }
  return null;
}

/**
 * The cell as it is, when it cannot need a rewrite (no word that declares, no generic call, not
 * one function): decided without parsing or awaiting anything, so the warm eval of such a cell
 * needs no promise for it. Null: transformCell decides.
 */
export function unparsedCell(source: string): TransformedCell | null {
  if (MAY_DECLARE.test(source) || MAY_BE_FUNCTION_CELL.test(source) || hasGenericCall(source)) return null;
  return { code: source, language: "javascript", parsed: false };
}

export async function transformCell(source: string, options: { full?: boolean } = {}): Promise<TransformedCell> {
  const unparsed = options.full ? null : unparsedCell(source);
  if (unparsed) return unparsed;
  const genericCall = hasGenericCall(source);
  if (tooManyDeclarations(source) !== null) {
    return { code: source, language: "javascript", parsed: false, refused: `the cell has more than ${MAX_DECLARATIONS} declarations (let, const, class, function); split it into several cells` };
  }
  // A generic call (`f<T>(x)`) also parses as JavaScript, as comparisons: TypeScript reads it first.
  const program = genericCall ? null : parseScript(source);
  if (program) return { code: rewrite(program, source), language: "javascript", parsed: true };
  const result = await stripTypes(source);
  const stripped = "code" in result ? result.code : null;
  const strippedProgram = stripped === null ? null : parseScript(stripped);
  if (stripped !== null && strippedProgram) {
    return { code: rewrite(strippedProgram, stripped), language: "typescript", parsed: true };
  }
  const anonymous = await anonymousFunctionCell(source);
  if (anonymous) return anonymous;
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
