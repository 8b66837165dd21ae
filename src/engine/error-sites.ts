/**
 * The engine's answer to the error bridge (error-bridge-protocol.ts): the message V8 would give
 * for an error QuickJS raised at a position of a cell, from the cell's source. QuickJS records
 * a position per operation that can fail: a call at its `(`, a computed access at its `[`; some
 * operations record none (destructuring, iterating a literal), and then the error carries the
 * last position before it (the statement, or the start of the function). So a site is the node
 * that contains the position, or else the first candidate after it in the same function.
 */
import type { AnyNode, Node, ObjectPattern, Pattern, Program } from "acorn";
import type { ErrorSiteQuery } from "../error-bridge-protocol.js";
import { FUNCTION_TYPES, collect, indexOfPosition, pathTo } from "./ast-walk.js";
import { foldedNumber, staticKey, v8CallSite } from "./v8-call-printer.js";

/** Calling these by mistake is not what QuickJS complains about: a program threw its own error. */
const ERROR_CONSTRUCTORS = new Set(["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "URIError", "EvalError", "AggregateError"]);

/** Is `index` where QuickJS puts the call of `node` (its `(`, a tag's template, `new X`'s end)? */
function isCallAt(node: AnyNode, index: number): boolean {
  switch (node.type) {
    case "CallExpression":
      return node.callee.end <= index && index < (node.arguments[0]?.start ?? node.end);
    case "NewExpression":
      return node.callee.end <= index && (node.arguments[0] ? index < node.arguments[0].start : index <= node.end);
    case "TaggedTemplateExpression":
      return node.tag.end <= index && index <= node.quasi.start;
    default:
      return false;
  }
}

/** `return f()` is a tail call in QuickJS: the error is at the `return`. */
function tailCallAt(path: AnyNode[], index: number): AnyNode | undefined {
  const statement = path.find((node) => node.type === "ReturnStatement" && node.start === index);
  return statement?.type === "ReturnStatement" && statement.argument?.type === "CallExpression" ? statement.argument : undefined;
}

function callMessage(program: Program, index: number, message: string): string {
  // `new X` without arguments ends where QuickJS puts it: look one character back too.
  const path = pathTo(program, index);
  const candidates = [...path, ...(index > 0 ? pathTo(program, index - 1) : [])];
  const site = candidates.filter((node) => isCallAt(node, index)).sort((a, b) => b.start - a.start)[0] ?? tailCallAt(path, index);
  if (!site) return "";
  const callee = site.type === "TaggedTemplateExpression" ? site.tag : (site as { callee: AnyNode }).callee;
  if (callee.type === "Super" || (callee.type === "Identifier" && ERROR_CONSTRUCTORS.has(callee.name))) return "";
  const named = v8CallSite(callee);
  if (site.type === "NewExpression") return `${named} is not a constructor`;
  return message === "not a function" ? `${named} is not a function` : "";
}

interface Site {
  node: AnyNode;
  /** What the error is about: the iterated or destructured value's expression (null for a parameter). */
  subject: AnyNode | null;
  pattern?: Pattern;
  /** A spread in a call's arguments (V8 words those differently). */
  inCall?: boolean;
  /** A destructured parameter: its position in the parameter list. */
  parameterIndex?: number;
}

/** The frame's scope: the program for top-level code, else the innermost function at the position. */
function scopeAt(program: Program, index: number, topLevel: boolean): AnyNode {
  if (topLevel) return program as AnyNode;
  const functions = pathTo(program, index).filter((node) => FUNCTION_TYPES.has(node.type));
  return functions[functions.length - 1] ?? (program as AnyNode);
}

/** The site containing the position, else the first one after it in the frame's scope. */
function chooseSite(program: Program, index: number, topLevel: boolean, siteOf: (node: AnyNode, parent: AnyNode | null) => Site[]): Site | null {
  const scope = scopeAt(program, index, topLevel);
  const sites = collect(scope, () => true, (node) => !FUNCTION_TYPES.has(node.type)).flatMap(({ node, parent }) => siteOf(node, parent));
  const containing = sites.filter((site) => site.subject && site.subject.start <= index && index < site.subject.end).sort((a, b) => b.subject!.start - a.subject!.start)[0];
  if (containing) return containing;
  return sites.filter((site) => site.node.start >= index).sort((a, b) => a.node.start - b.node.start)[0] ?? null;
}

function iterationSites(node: AnyNode, parent: AnyNode | null): Site[] {
  if (node.type === "ForOfStatement") return [{ node, subject: node.right }];
  if (node.type === "SpreadElement" && parent && parent.type !== "ObjectExpression") {
    return [{ node, subject: node.argument, inCall: parent.type === "CallExpression" || parent.type === "NewExpression" }];
  }
  if (node.type === "VariableDeclarator" && node.id.type === "ArrayPattern" && node.init) return [{ node, subject: node.init }];
  if (node.type === "AssignmentExpression" && node.left.type === "ArrayPattern") return [{ node, subject: node.right }];
  return [];
}

function iterableMessage(program: Program, index: number, query: ErrorSiteQuery): string {
  const site = chooseSite(program, index, query.topLevel, iterationSites);
  if (!site?.subject) return "";
  const nullish = /of (undefined|null)$/.exec(query.message)?.[1];
  const named = v8CallSite(site.subject);
  if (site.inCall) return nullish ? `${named} is not iterable (cannot read property ${nullish})` : "Spread syntax requires ...iterable[Symbol.iterator] to be a function";
  return `${named} is not iterable`;
}

function destructuringSites(node: AnyNode, parent: AnyNode | null): Site[] {
  if (node.type === "VariableDeclarator" && node.id.type === "ObjectPattern" && node.init) return [{ node, subject: node.init, pattern: node.id }];
  if (node.type === "AssignmentExpression" && node.left.type === "ObjectPattern") return [{ node, subject: node.right, pattern: node.left }];
  if (FUNCTION_TYPES.has(node.type) && parent !== null) return [];
  if (FUNCTION_TYPES.has(node.type)) {
    const params = (node as { params: Pattern[] }).params;
    return params.flatMap((param, parameterIndex) => (param.type === "ObjectPattern" ? [{ node: param as AnyNode, subject: null, pattern: param, parameterIndex }] : []));
  }
  return [];
}

/** The first property's name as V8 names it in the message, or null (computed, rest, none). */
function firstPropertyName(pattern: ObjectPattern): { name: string; defaulted: boolean } | null {
  const first = pattern.properties[0];
  if (!first || first.type !== "Property" || first.computed) return null;
  const name = first.key.type === "Identifier" ? first.key.name : first.key.type === "Literal" ? String(first.key.value) : null;
  return name === null ? null : { name, defaulted: first.value.type === "AssignmentPattern" };
}

/** The destructured value when the source shows it (`= null`, `= undefined`). */
function literalNullish(node: Node | null): "null" | "undefined" | null {
  const expression = node as AnyNode | null;
  if (!expression) return null;
  if (expression.type === "Literal" && expression.value === null && !expression.regex) return "null";
  if (expression.type === "Identifier" && expression.name === "undefined") return "undefined";
  if (expression.type === "UnaryExpression" && expression.operator === "void") return "undefined";
  return null;
}

/**
 * V8's destructuring messages, given what the value is. `value` null: QuickJS does not say
 * whether it was null or undefined, nor does the source, and the message says both.
 */
export function destructuringMessage(pattern: ObjectPattern, named: string | null, value: "null" | "undefined" | null): string {
  const property = firstPropertyName(pattern);
  const what = value ?? "undefined or null";
  const source = named === null ? "the argument" : `'${named}'`;
  if (property?.defaulted) return `Cannot read properties of ${what} (reading '${property.name}')`;
  if (property) return `Cannot destructure property '${property.name}' of ${source} as it is ${what}.`;
  return `Cannot destructure ${source} as it is ${what}.`;
}

/** A pattern inside the pattern: which level failed is not known. */
function hasNestedPattern(pattern: ObjectPattern): boolean {
  return pattern.properties.some((property) => {
    const value = property.type === "Property" ? property.value : null;
    const target = value?.type === "AssignmentPattern" ? value.left : value;
    return target?.type === "ObjectPattern" || target?.type === "ArrayPattern";
  });
}

/**
 * The value a destructured parameter got, when the caller's call shows it: no argument there
 * (undefined), or a literal null or undefined.
 */
function argumentValue(site: Site, query: ErrorSiteQuery, sourceOf: (file: string) => CellSource | null): "null" | "undefined" | null {
  const caller = query.caller ? sourceOf(query.caller.file) : null;
  const index = caller ? indexOfPosition(caller.code, query.caller!.line, query.caller!.column) : null;
  if (!caller || index === null) return null;
  const path = pathTo(caller.program, index);
  const call = [...path].reverse().find((node) => isCallAt(node, index)) ?? tailCallAt(path, index);
  if (!call || (call.type !== "CallExpression" && call.type !== "NewExpression")) return null;
  const position = site.parameterIndex ?? -1;
  const args = call.arguments;
  if (position < 0 || args.slice(0, position + 1).some((arg) => arg.type === "SpreadElement")) return null;
  return position >= args.length ? "undefined" : literalNullish(args[position]!);
}

function destructureMessage(program: Program, index: number, query: ErrorSiteQuery, sourceOf: (file: string) => CellSource | null): string {
  const site = chooseSite(program, index, query.topLevel, destructuringSites);
  if (!site?.pattern || site.pattern.type !== "ObjectPattern" || hasNestedPattern(site.pattern)) return "";
  if (site.subject) return destructuringMessage(site.pattern, v8CallSite(site.subject), literalNullish(site.subject));
  // A parameter: V8 names the value itself (`'undefined'`, `'object null'`).
  const value = argumentValue(site, query, sourceOf);
  return destructuringMessage(site.pattern, value === null ? null : value === "null" ? "object null" : "undefined", value);
}

function keyMessage(program: Program, index: number, message: string): string {
  const access = /^cannot (read|set) property of (undefined|null)$/.exec(message);
  if (!access) return "";
  const member = pathTo(program, index)
    .filter((node) => node.type === "MemberExpression" && node.computed && node.object.end <= index && index < node.property.start)
    .pop();
  if (!member || member.type !== "MemberExpression") return "";
  const property = member.property as AnyNode;
  const iteratorKey = property.type === "MemberExpression" && !property.computed && property.object.type === "Identifier" && property.object.name === "Symbol" && staticKey(property.property, false) === "iterator";
  // V8 reads `x[Symbol.iterator]` of nothing as an iteration.
  if (iteratorKey && access[1] === "read") return `${access[2] === "null" ? "object null" : "undefined"} is not iterable (cannot read property Symbol(Symbol.iterator))`;
  const folded = foldedNumber(property);
  const literal = property.type === "Literal" && !property.regex && (property.value === null || typeof property.value === "boolean") ? String(property.value) : null;
  const key = staticKey(property, true) ?? (folded === null ? literal : String(folded));
  if (key === null) return "";
  return access[1] === "read" ? `Cannot read properties of ${access[2]} (reading '${key}')` : `Cannot set properties of ${access[2]} (setting '${key}')`;
}

/** `'x' is read-only` of a constant (not of a frozen object's property), `object is not extensible` of `o.b = 1`. */
function assignMessage(program: Program, index: number, message: string): string {
  const assignment = pathTo(program, index)
    .filter((node) => node.type === "AssignmentExpression" || node.type === "UpdateExpression")
    .pop();
  const target = assignment?.type === "AssignmentExpression" ? assignment.left : assignment?.type === "UpdateExpression" ? assignment.argument : null;
  if (!target) return "";
  if (message === "object is not extensible") {
    const key = target.type === "MemberExpression" && target.property.type !== "PrivateIdentifier" ? staticKey(target.property, target.computed) : null;
    return key === null ? "" : `Cannot add property ${key}, object is not extensible`;
  }
  const name = /^'(.*)' is read-only$/.exec(message)?.[1];
  return target.type === "Identifier" && target.name === name ? "Assignment to constant variable." : "";
}

export interface CellSource {
  code: string;
  program: Program;
}

/** V8's message for the error the query describes, or "" when the source does not show it. */
export function rewordAtSite(source: CellSource, query: ErrorSiteQuery, sourceOf: (file: string) => CellSource | null): string {
  const { code, program } = source;
  const index = indexOfPosition(code, query.line, query.column);
  if (index === null) return "";
  switch (query.kind) {
    case "call":
      return callMessage(program, index, query.message);
    case "iterable":
      return iterableMessage(program, index, query);
    case "destructure":
      return destructureMessage(program, index, query, sourceOf);
    case "key":
      return keyMessage(program, index, query.message);
    case "assign":
      return assignMessage(program, index, query.message);
    case "syntax":
      return "";
  }
}
