/**
 * TypeScript namespaces in cells and skill files. sucrase, the type stripper, drops every `namespace` (and
 * `module N {}`) as if it were a type, so `export namespace N { export const x = 1 }` vanished.
 * This pass compiles the ones that hold values before sucrase runs, the way TypeScript emits them:
 *
 *   export namespace N { export const x = 1; export let n = 0 }
 *   → export var N; (function (N) { const x = 1; N.x = x; let n = 0; Object.defineProperty(N, "n", …) })(N || (N = {}));
 *
 * Exported `const`, functions, classes, enums and nested namespaces are properties of N;
 * exported `let`/`var` are accessors, so N.n follows the variable as in TypeScript. Merging works
 * (two declarations of N, a function or class N with a namespace N), but members of another
 * declaration of the same namespace are reached as `N.x`, not `x` (TypeScript rewrites those).
 * `declare namespace` stays a type. Line numbers are kept. The work is bounded: each level of
 * nesting is one more sucrase + acorn pass over its body, and nesting deeper than
 * MAX_NAMESPACE_DEPTH is refused.
 */
import { parse as parseJavaScript } from "acorn";
import type { Options } from "sucrase";
import type { SucraseToken } from "sucrase/dist/esm/parser/index.js";
import { loadTypeScriptParser, type TypeScriptParser } from "./engine-parts.js";

export const MAX_NAMESPACE_DEPTH = 8;

type Parser = Awaited<ReturnType<typeof loadSucrase>>;

let sucrase: Promise<TypeScriptParser> | null = null;

/**
 * sucrase (its transform, and its parser for the namespaces), loaded on the first TypeScript cell
 * (or skill file): plain JavaScript cells never need it, and evaluating its modules cost ~10 ms of
 * every engine worker's start (engine-parts.ts: where it comes from). A load that failed is tried
 * again by the next cell.
 */
export function loadSucrase(): Promise<TypeScriptParser> {
  sucrase ??= loadTypeScriptParser();
  sucrase.catch(() => {
    sucrase = null;
  });
  return sucrase;
}

interface Site {
  start: number;
  bodyStart: number;
  bodyEnd: number;
  end: number;
  names: string[];
  exported: boolean;
}

interface JsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** `source` (TypeScript) with its namespaces compiled to JavaScript; sucrase strips the rest. */
export async function compileNamespaces(source: string, sucraseOptions: Options): Promise<string> {
  if (!/\b(?:namespace|module)\b/.test(source)) return source;
  const jsx = sucraseOptions.transforms.includes("jsx");
  return rewrite(await loadSucrase(), source, jsx, sucraseOptions, null, 0);
}

function rewrite(p: Parser, source: string, jsx: boolean, options: Options, parent: string | null, depth: number): string {
  const { TokenType: tt, ContextualKeyword: kw } = p;
  const tokens = p.parse(source, jsx, true, false).tokens;
  const text = (token: SucraseToken) => source.slice(token.start, token.end);
  const opens = new Set([tt.braceL, tt.dollarBraceL, tt.braceBarL]);
  const closes = new Set([tt.braceR, tt.braceBarR]);
  /** Names declared at this level by something else (a function or class a namespace merges with). */
  const declared = new Set<string>();
  const sites: Site[] = [];
  let braces = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (opens.has(token.type)) braces++;
    else if (closes.has(token.type)) braces--;
    if (braces !== 0 || token.type !== tt.name) continue;
    if (!token.isType && (token.identifierRole === 2 || token.identifierRole === 5)) declared.add(text(token));
    if (!token.isType || (token.contextualKeyword !== kw._namespace && token.contextualKeyword !== kw._module)) continue;
    const names: string[] = [];
    let j = i + 1;
    while (tokens[j]?.type === tt.name) {
      names.push(text(tokens[j]!));
      if (tokens[j + 1]?.type !== tt.dot) {
        j++;
        break;
      }
      j += 2;
    }
    if (!names.length || tokens[j]?.type !== tt.braceL) continue;
    let k = j;
    for (let level = 0; k < tokens.length; k++) {
      if (opens.has(tokens[k]!.type)) level++;
      else if (closes.has(tokens[k]!.type) && --level === 0) break;
    }
    if (k >= tokens.length) throw new Error(`namespace ${names.join(".")} has no closing brace`);
    const previous = tokens[i - 1];
    const ambient = previous !== undefined && previous.isType && previous.contextualKeyword === kw._declare;
    const exported = previous !== undefined && previous.isType && previous.type === tt._export;
    i = k;
    if (!ambient) sites.push({ start: exported ? previous.start : token.start, bodyStart: tokens[j]!.end, bodyEnd: tokens[k]!.start, end: tokens[k]!.end, names, exported });
  }
  if (!sites.length) return source;
  if (depth >= MAX_NAMESPACE_DEPTH) throw new Error(`namespaces are nested more than ${MAX_NAMESPACE_DEPTH} deep`);
  const emitted = new Set<string>();
  let out = "";
  let last = 0;
  for (const site of sites) {
    out += source.slice(last, site.start);
    const first = site.names[0]!;
    let header = "";
    if (!declared.has(first)) {
      if (site.exported && parent === null && !emitted.has(`export ${first}`)) header += `export var ${first}; `;
      else if (!emitted.has(first) && !emitted.has(`export ${first}`)) header += `var ${first}; `;
      emitted.add(site.exported && parent === null ? `export ${first}` : first);
    }
    header += `;(function (${first}) { `;
    for (const name of site.names.slice(1)) header += `var ${name}; (function (${name}) { `;
    header += "\n".repeat(countNewlines(source.slice(site.start, site.bodyStart)));
    let footer = "";
    for (let n = site.names.length - 1; n > 0; n--) {
      const name = site.names[n]!;
      const owner = site.names[n - 1]!;
      footer += `})(${name} = ${owner}.${name} || (${owner}.${name} = {})); `;
    }
    footer += parent !== null && site.exported ? `})(${first} = ${parent}.${first} || (${parent}.${first} = {}));` : `})(${first} || (${first} = {}));`;
    const inner = rewrite(p, source.slice(site.bodyStart, site.bodyEnd), jsx, options, site.names.at(-1)!, depth + 1);
    out += header + namespaceBody(p, inner, site.names.at(-1)!, options) + footer;
    last = site.end;
  }
  return out + source.slice(last);
}

function countNewlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/** A namespace's body (TypeScript) as JavaScript: its exports become properties of `owner`. */
function namespaceBody(p: Parser, body: string, owner: string, options: Options): string {
  const js = p.transform(body, options).code;
  const program = parseJavaScript(js, { ecmaVersion: "latest", sourceType: "module" }) as unknown as { body: JsNode[] };
  const edits: { start: number; end: number; text: string }[] = [];
  const statements = program.body;
  for (let index = 0; index < statements.length; index++) {
    const node = statements[index]!;
    if (node.type === "ImportDeclaration") throw new Error("an import is not allowed in a namespace");
    if (!node.type.startsWith("Export")) continue;
    const declaration = node.declaration as JsNode | null | undefined;
    if (node.type !== "ExportNamedDeclaration" || !declaration) throw new Error("only declarations can be exported from a namespace (`export const`, `export function`…)");
    edits.push({ start: node.start, end: declaration.start, text: "" });
    const names = declaredNames(declaration);
    const kind = declaration.type === "VariableDeclaration" ? (declaration.kind as string) : "const";
    const next = statements[index + 1];
    if (kind !== "const" && next && isEnumFill(declaration, next)) {
      // sucrase's enum: `var E; (function (E) { … })(E || (E = {}));` (E is filled by the next statement).
      edits.push({ start: next.end, end: next.end, text: `; ${owner}.${names[0]} = ${names[0]};` });
    } else if (kind !== "const") {
      const accessors = names.map((name) => `Object.defineProperty(${owner}, ${JSON.stringify(name)}, { get: () => ${name}, set: (value) => { ${name} = value; }, enumerable: true, configurable: true });`);
      edits.push({ start: node.end, end: node.end, text: `; ${accessors.join(" ")}` });
    } else {
      edits.push({ start: node.end, end: node.end, text: `; ${names.map((name) => `${owner}.${name} = ${name};`).join(" ")}` });
    }
  }
  edits.sort((a, b) => a.start - b.start);
  let out = "";
  let last = 0;
  for (const edit of edits) {
    out += js.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + js.slice(last);
}

function isEnumFill(declaration: JsNode, next: JsNode): boolean {
  const declarators = declaration.declarations as JsNode[] | undefined;
  if (declaration.kind !== "var" || declarators?.length !== 1 || declarators[0]!.init) return false;
  const call = next.type === "ExpressionStatement" ? (next.expression as JsNode) : null;
  const callee = call?.type === "CallExpression" ? (call.callee as JsNode) : null;
  const params = callee?.type === "FunctionExpression" ? (callee.params as JsNode[]) : [];
  return params.length === 1 && params[0]!.type === "Identifier" && params[0]!.name === (declarators[0]!.id as JsNode).name;
}

/** The names a declaration binds (patterns walked iteratively). */
function declaredNames(declaration: JsNode): string[] {
  if (declaration.type !== "VariableDeclaration") return [(declaration.id as JsNode).name as string];
  const names: string[] = [];
  const pending = (declaration.declarations as JsNode[]).map((declarator) => declarator.id as JsNode);
  while (pending.length) {
    const node = pending.pop()!;
    if (node.type === "Identifier") names.push(node.name as string);
    else if (node.type === "ObjectPattern") for (const property of node.properties as JsNode[]) pending.push((property.type === "RestElement" ? property.argument : property.value) as JsNode);
    else if (node.type === "ArrayPattern") for (const element of node.elements as (JsNode | null)[]) element && pending.push(element);
    else if (node.type === "RestElement") pending.push(node.argument as JsNode);
    else if (node.type === "AssignmentPattern") pending.push(node.left as JsNode);
  }
  return names.reverse();
}
