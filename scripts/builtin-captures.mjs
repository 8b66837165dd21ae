// Rewrites a chunk's bundle (scripts/build-prelude.mjs) so that the built-in methods its code reads
// are the ones the thread started with, not the ones a program put in their place before the chunk
// was loaded into its thread (chunks load on first use, after programs ran).
//
// How: the base image captures, before any program runs, the values of every built-in path the chunks
// read (`Array.prototype.join`, `Object.keys`, `String.prototype[Symbol.iterator]`, …) into one frozen
// array (engine/prelude-evaluation.ts: the chunk scope's captured built-ins, `__qbBuiltins`); the
// chunk's code reads them from there:
//   `Object.keys(x)`              → `(0, __qbB[3])(x)`
//   `Array.prototype.join`        → `__qbB[7]`
//   `f.call(t, a)` / `.apply` / `.bind` → `__qbR(__qbB[k], f, [t, a])` (the original Function.prototype
//                                        method, through the original Reflect.apply: `__qbR`)
//   `"a,b".split(",")`            → `__qbR(__qbB[m], "a,b", [","])` (a string or array literal's methods)
//   `/re/.test(s)`                → `(__qbR(__qbB[e], /re/, [s]) !== null)` (the captured exec)
//   `a${b}c`                      → `__qbR(__qbB[c], "a", [b, "c"])` (QuickJS's own evaluation: concat)
//   `__qbCaptured("expression")`  → `__qbB[n]` (a value no static path names: a getter, an iterator's
//                                   prototype; the expression is evaluated with the captured built-ins)
// A path is captured only where Node's own built-in is a data property (a getter such as
// `Map.prototype.size` is read where it is: `__qbCaptured` takes it). Built-in constructors'
// `prototype` properties cannot be replaced, nor can a captured global binding: they stay as they are.
import { parse } from "acorn";
import { childNodes } from "./ast-children.mjs";

/** The binding the chunk's wrapper gives the captured array, and the captured Reflect.apply. */
export const RECORD_NAME = "__qbB";
export const APPLY_NAME = "__qbR";
/** The pseudo-function patches and guest sources use to capture any expression (a string literal). */
export const CAPTURED_CALL = "__qbCaptured";

/** Static methods that read `this` (a constructor): called through Reflect.apply with it as `this`. */
const THIS_STATICS = new Set(["Promise", "Array", "Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"]);
const CALL_METHODS = new Set(["call", "apply", "bind"]);
const IDENTIFIER_CHAR = /[\w$]/;

/** The expressions the captured array holds, in order: one registry for every chunk of a build. */
export class CaptureRegistry {
  #indexes = new Map();
  expressions = [];
  constructor() {
    // Reflect.apply first: the chunk's wrapper binds it (APPLY_NAME), the rewritten calls go through it.
    this.index("Reflect.apply");
  }
  index(expression) {
    let index = this.#indexes.get(expression);
    if (index === undefined) {
      index = this.expressions.length;
      this.expressions.push(expression);
      this.#indexes.set(expression, index);
    }
    return index;
  }
}


/** Every name the bundle declares anywhere (a captured global declared anywhere is not rewritten). */
function declaredNames(program) {
  const names = new Set();
  const pattern = (node) => {
    if (!node) return;
    if (node.type === "Identifier") names.add(node.name);
    else if (node.type === "ObjectPattern") for (const p of node.properties) pattern(p.type === "RestElement" ? p.argument : p.value);
    else if (node.type === "ArrayPattern") for (const e of node.elements) pattern(e);
    else if (node.type === "RestElement") pattern(node.argument);
    else if (node.type === "AssignmentPattern") pattern(node.left);
  };
  const visit = (node) => {
    if (node.type === "VariableDeclarator") pattern(node.id);
    if ((node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ClassDeclaration" || node.type === "ClassExpression") && node.id) names.add(node.id.name);
    if (node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ArrowFunctionExpression") for (const p of node.params) pattern(p);
    if (node.type === "CatchClause") pattern(node.param);
    for (const child of childNodes(node)) visit(child);
  };
  visit(program);
  return names;
}

/** Node's own value of a path, as a descriptor: only methods (and symbols) held as data properties are captured. */
function nodeDescriptor(global, prototype, key) {
  let owner = globalThis[global];
  if (owner === undefined || owner === null) return undefined;
  if (prototype) owner = owner.prototype;
  if (owner === undefined || owner === null) return undefined;
  return Object.getOwnPropertyDescriptor(owner, key);
}

/** A method or a well-known symbol (settings such as Error.stackTraceLimit are read where they are). */
function isCaptured(descriptor) {
  return descriptor !== undefined && "value" in descriptor && (typeof descriptor.value === "function" || typeof descriptor.value === "symbol");
}

/**
 * `code` with its built-in reads captured (see the top of this file). `captured`: the global
 * names the chunk's wrapper binds to the captured built-ins (scripts/build-prelude.mjs).
 */
export function captureBuiltins(code, captured, registry) {
  const program = parse(code, { ecmaVersion: "latest", sourceType: "script" });
  const declared = declaredNames(program);
  for (const name of [RECORD_NAME, APPLY_NAME]) if (declared.has(name)) throw new Error(`builtin captures: the bundle declares ${name}`);
  const globals = new Set(captured.filter((name) => !declared.has(name)));
  const record = (expression) => `${RECORD_NAME}[${registry.index(expression)}]`;

  /** The captured path a member expression reads, or null. */
  const path = (node) => {
    if (node.type !== "MemberExpression" || node.optional) return null;
    const object = node.object;
    let key;
    if (!node.computed && node.property.type === "Identifier") key = node.property.name;
    else if (node.computed && node.property.type === "MemberExpression" && !node.property.computed && node.property.object.type === "Identifier" && node.property.object.name === "Symbol" && globals.has("Symbol")) key = Symbol[node.property.property.name];
    if (key === undefined || key === "prototype") return null;
    const symbolText = typeof key === "symbol" ? `[Symbol.${node.property.property.name}]` : `.${key}`;
    if (object.type === "Identifier" && globals.has(object.name)) {
      const descriptor = nodeDescriptor(object.name, false, key);
      return isCaptured(descriptor) ? { expression: `${object.name}${symbolText}`, global: object.name, isStatic: true } : null;
    }
    if (object.type === "MemberExpression" && !object.computed && !object.optional && object.property.type === "Identifier" && object.property.name === "prototype" && object.object.type === "Identifier" && globals.has(object.object.name)) {
      const descriptor = nodeDescriptor(object.object.name, true, key);
      return isCaptured(descriptor) ? { expression: `${object.object.name}.prototype${symbolText}`, global: object.object.name, isStatic: false } : null;
    }
    return null;
  };

  const emit = (node, parent) => {
    // The target of an assignment, update or delete is the built-in itself: refused.
    const target = parent && ((parent.type === "AssignmentExpression" && parent.left === node) || parent.type === "UpdateExpression" || (parent.type === "UnaryExpression" && parent.operator === "delete"));
    if (node.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === CAPTURED_CALL) {
      const [argument] = node.arguments;
      // The minifier may have made the literal a template without substitutions.
      const text = argument?.type === "Literal" && typeof argument.value === "string" ? argument.value : argument?.type === "TemplateLiteral" && argument.expressions.length === 0 ? argument.quasis[0].value.cooked : null;
      if (node.arguments.length !== 1 || text === null) throw new Error(`builtin captures: ${CAPTURED_CALL} takes one string literal`);
      return record(`(${text})`);
    }
    if (node.type === "CallExpression" && !node.optional && node.callee.type === "MemberExpression" && !node.callee.computed && !node.callee.optional && node.callee.property.type === "Identifier" && node.callee.object.type !== "Super") {
      const callee = node.callee;
      const args = node.arguments.map((argument) => emit(argument, node)).join(", ");
      const found = path(callee);
      if (found) {
        // `Object.keys(x)`: the captured function, with the constructor as `this` where it reads it.
        if (found.isStatic && THIS_STATICS.has(found.global)) return `${APPLY_NAME}(${record(found.expression)}, ${found.global}, [${args}])`;
        return `(0, ${record(found.expression)})(${args})`;
      }
      if (CALL_METHODS.has(callee.property.name)) {
        return `${APPLY_NAME}(${record(`Function.prototype.${callee.property.name}`)}, ${emit(callee.object, callee)}, [${args}])`;
      }
    }
    if (node.type === "CallExpression" && !node.optional && node.callee.type === "MemberExpression" && !node.callee.computed && !node.callee.optional && node.callee.property.type === "Identifier") {
      const { object, property } = node.callee;
      const args = node.arguments.map((argument) => emit(argument, node)).join(", ");
      // `/re/.test(s)`: RegExp.prototype.test reads the regexp's `exec`, which a program may replace.
      if (object.type === "Literal" && object.regex && property.name === "test" && node.arguments.length === 1) return `(${APPLY_NAME}(${record("RegExp.prototype.exec")}, ${emit(object, node.callee)}, [${args}]) !== null)`;
      // `"a,b".split(",")`, `"x".concat(…)`, `[…].join("")`: the minifier's forms of array and template
      // literals (and a literal's own calls): the receiver is a string or an array.
      const isText = (object.type === "Literal" && typeof object.value === "string") || object.type === "TemplateLiteral";
      const literalOf = isText ? "String" : object.type === "ArrayExpression" ? "Array" : null;
      if (literalOf && typeof nodeDescriptor(literalOf, true, property.name)?.value === "function") return `${APPLY_NAME}(${record(`${literalOf}.prototype.${property.name}`)}, ${emit(object, node.callee)}, [${args}])`;
    }
    // QuickJS evaluates a template literal by calling the string's concat (String.prototype.concat,
    // which a program may replace): the captured one, with the same arguments.
    if (node.type === "TemplateLiteral" && node.expressions.length > 0 && parent?.type !== "TaggedTemplateExpression") {
      const parts = [];
      node.quasis.forEach((quasi, index) => {
        if (index > 0) parts.push(emit(node.expressions[index - 1], node));
        if (index > 0 && quasi.value.cooked !== "") parts.push(JSON.stringify(quasi.value.cooked));
      });
      return `${APPLY_NAME}(${record("String.prototype.concat")}, ${JSON.stringify(node.quasis[0].value.cooked)}, [${parts.join(", ")}])`;
    }
    if (node.type === "MemberExpression") {
      // `Array.prototype.join.call` as a value: a built-in method's own call/apply/bind are Function.prototype's.
      if (!node.computed && !node.optional && node.property.type === "Identifier" && CALL_METHODS.has(node.property.name) && path(node.object)) {
        if (target) throw new Error("builtin captures: the chunk writes a built-in method's call, apply or bind");
        return record(`Function.prototype.${node.property.name}`);
      }
      const found = path(node);
      if (found) {
        if (target) throw new Error(`builtin captures: the chunk writes ${found.expression}`);
        return record(found.expression);
      }
    }
    let out = "";
    let at = node.start;
    for (const child of childNodes(node)) {
      out += code.slice(at, child.start);
      const text = emit(child, node);
      // The minifier writes `return\`…\``: a rewritten template must not join the keyword.
      if (IDENTIFIER_CHAR.test(out.slice(-1)) && IDENTIFIER_CHAR.test(text[0] ?? "")) out += " ";
      out += text;
      at = child.end;
    }
    return out + code.slice(at, node.end);
  };
  return emit(program, null);
}

/** The script that evaluates the captured array, with the captured built-ins in scope. */
export function capturedArrayScript(expressions) {
  return `Object.freeze([\n${expressions.map((expression) => `  ${expression},\n`).join("")}])`;
}
