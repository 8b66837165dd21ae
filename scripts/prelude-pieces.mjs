// Splits the bundled guest prelude into pieces QuickJS compiles one at a time, in one shared scope.
//
// Why: QuickJS compiles a script's whole function tree before it frees any of the parser's
// temporaries, and each function's final bytecode lands where its parse buffers were. For the
// prelude (one 150 KB function holding ~800 others) that scattered ~500 KB of live data over
// ~1 MB of pages, and every thread copies (and keeps resident) every page that holds a byte of it.
// Compiled in pieces of a few KB, the temporaries of one piece are reused by the next: the same
// live data sits in ~40 % fewer pages (docs/snapshot-format.md, "Base image").
//
// How: the bundle is `var NAME = (function(PARAM){ BODY })({})`. Its BODY's statements are run by
// a direct `eval` inside a wrapper function that declares every name BODY declares at its top
// level, so each piece reads and writes the same variables the single function had:
//   wrapper: (function(){ <captured globals>; return (function(){ var PARAM = {}, a, b, …; return (__quickboxPiece) => { "use strict"; return eval(__quickboxPiece); }; })(); })()
//            (a lazily loaded chunk's: `(function(eval, {<captured globals>}, __qbCore){ return … })`,
//            called with the pristine `eval`, the captured built-ins and what it takes from the core)
//   pieces:  BODY's statements, with its top-level declarations made assignments (`function f(){}`
//            → `f = function(){}`, first, as hoisting had them; `const {a} = x` → `({a} = x)`; a
//            `var` anywhere outside a function likewise), and its final `return X` as `(X).internal`.
// The pieces are strict code (the TypeScript sources are modules, which are strict; a sloppy direct
// eval would give the wrapper a variable object that every later name lookup must consult).
import { parse } from "acorn";
import { childNodes } from "./ast-children.mjs";

/** The loader's parameter: the piece's text (a name the minified bundle does not declare). */
const PIECE_PARAMETER = "__quickboxPiece";

/** A piece closes at the first statement that takes it past this many characters. */
export const PIECE_TARGET_CHARS = 8000;


const FUNCTION_TYPES = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/** Names a binding pattern declares. */
function patternNames(pattern, names) {
  switch (pattern.type) {
    case "Identifier":
      names.push(pattern.name);
      break;
    case "ObjectPattern":
      for (const property of pattern.properties) patternNames(property.type === "RestElement" ? property.argument : property.value, names);
      break;
    case "ArrayPattern":
      for (const element of pattern.elements) if (element) patternNames(element, names);
      break;
    case "RestElement":
      patternNames(pattern.argument, names);
      break;
    case "AssignmentPattern":
      patternNames(pattern.left, names);
      break;
    default:
      throw new Error(`prelude pieces: unexpected binding pattern ${pattern.type}`);
  }
  return names;
}

/**
 * Text edits for one top-level statement: `var` declarations anywhere outside a function become
 * assignments; the names they declare are added to `names`. Refuses what the wrapper cannot keep
 * as it was: `this`, `arguments` or `new.target` outside a function, function declarations in blocks.
 */
function varEdits(statement, source, names) {
  const edits = [];
  const visit = (node, parent, topLevel) => {
    // A class body has its own `this` (fields, static blocks) and declares nothing outside it.
    if (node.type === "ClassBody") return;
    if (FUNCTION_TYPES.has(node.type)) {
      if (node.type === "FunctionDeclaration" && !topLevel) throw new Error("prelude pieces: a function declaration in a block at the prelude's top level");
      if (node.type === "ArrowFunctionExpression") visitArrow(node);
      return;
    }
    if (node.type === "ThisExpression" || (node.type === "Identifier" && node.name === "arguments") || node.type === "MetaProperty") {
      throw new Error(`prelude pieces: ${source.slice(node.start, node.end)} at the prelude's top level`);
    }
    if (node.type === "VariableDeclaration" && node.kind === "var") {
      for (const declarator of node.declarations) patternNames(declarator.id, names);
      const inForHead = parent && (parent.type === "ForInStatement" || parent.type === "ForOfStatement") && parent.left === node;
      const inForInit = parent && parent.type === "ForStatement" && parent.init === node;
      edits.push({ start: node.start, end: node.end, text: assignmentsOf(node, source, inForHead ? "head" : inForInit ? "init" : "statement") });
      return;
    }
    for (const child of childNodes(node)) visit(child, node, false);
  };
  // An arrow function's body shares `this` and `arguments` with the prelude's top level.
  const visitArrow = (arrow) => {
    const check = (node) => {
      if (node.type === "FunctionDeclaration" || node.type === "FunctionExpression" || node.type === "ClassBody") return;
      if (node.type === "ThisExpression" || (node.type === "Identifier" && node.name === "arguments") || node.type === "MetaProperty") {
        throw new Error(`prelude pieces: ${source.slice(node.start, node.end)} in an arrow function at the prelude's top level`);
      }
      for (const child of childNodes(node)) check(child);
    };
    check(arrow.body);
  };
  visit(statement, null, true);
  return edits;
}

/** A declaration as assignments: a statement, a `for` initialiser, or a `for-in/of` head. */
function assignmentsOf(declaration, source, place) {
  const text = (node) => source.slice(node.start, node.end);
  if (place === "head") return text(declaration.declarations[0].id);
  // `({a} = x)`: an object pattern at the start of a statement would read as a block.
  const parts = declaration.declarations
    .filter((declarator) => declarator.init)
    .map((declarator) => `(${text(declarator.id)} = ${text(declarator.init)})`);
  if (place === "init") return parts.join(", ");
  return parts.length ? `${parts.join(", ")};` : "";
}

function applyEdits(source, start, end, edits) {
  let out = "";
  let at = start;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at, end);
}

/**
 * The wrapper and the pieces of a bundle `var NAME = (function(P1, …){…})(A1, …);` (see the top of
 * this file). The wrapper is `open` + a function expression that declares the bundle's names
 * (each parameter set to its argument) and returns the piece loader + `close`; `completion` follows
 * the bundle's returned value in the last piece (`.internal`: the prelude's API; "": the exports).
 */
export function splitPrelude(bundle, { open, close, completion }) {
  const program = parse(bundle, { ecmaVersion: "latest", sourceType: "script" });
  const declaration = program.body.find((node) => node.type === "VariableDeclaration");
  const call = declaration?.declarations[0]?.init;
  const fn = call?.type === "CallExpression" ? call.callee : null;
  if (program.body.length !== 1 || !fn || fn.type !== "FunctionExpression" || fn.params.length === 0 || fn.params.some((param) => param.type !== "Identifier") || call.arguments.length !== fn.params.length) {
    throw new Error("prelude pieces: the bundle is not `var NAME = (function(PARAM, …){…})(ARGUMENT, …)`");
  }
  const params = fn.params.map((param, index) => `${param.name} = ${bundle.slice(call.arguments[index].start, call.arguments[index].end)}`);
  const body = fn.body.body;
  const last = body[body.length - 1];
  if (last?.type !== "ReturnStatement" || !last.argument || body.slice(0, -1).some((node) => node.type === "ReturnStatement")) {
    throw new Error("prelude pieces: the bundle's function does not end in its one return");
  }
  const names = fn.params.map((param) => param.name);
  const hoisted = [];
  const ordered = [];
  for (const statement of body.slice(0, -1)) {
    if (statement.type === "FunctionDeclaration") {
      names.push(statement.id.name);
      // Anonymous, so the name refers to the shared variable inside it too, as the declaration's did;
      // assigned to that name, the function is still called by it.
      const text = bundle.slice(statement.start, statement.id.start) + bundle.slice(statement.id.end, statement.end);
      hoisted.push(`${statement.id.name} = ${text};`);
      continue;
    }
    if (statement.type === "VariableDeclaration" && statement.kind !== "var") {
      for (const declarator of statement.declarations) patternNames(declarator.id, names);
      ordered.push(assignmentsOf(statement, bundle, "statement"));
      continue;
    }
    if (statement.type === "ClassDeclaration") {
      names.push(statement.id.name);
      ordered.push(`${statement.id.name} = ${bundle.slice(statement.start, statement.end)};`);
      continue;
    }
    ordered.push(applyEdits(bundle, statement.start, statement.end, varEdits(statement, bundle, names)));
  }
  ordered.push(`(${bundle.slice(last.argument.start, last.argument.end)})${completion};`);
  const pieces = [];
  let current = "";
  for (const text of [...hoisted, ...ordered]) {
    if (!text) continue;
    current += text + "\n";
    if (current.length >= PIECE_TARGET_CHARS) {
      pieces.push(current);
      current = "";
    }
  }
  if (current) pieces.push(current);
  const parameters = new Set(fn.params.map((param) => param.name));
  // The loader's own parameter must not hide a name of the bundle from the pieces.
  if (names.includes(PIECE_PARAMETER)) throw new Error(`prelude pieces: the bundle declares ${PIECE_PARAMETER}`);
  const declared = [...params, ...[...new Set(names)].filter((name) => !parameters.has(name))];
  // A function of its own: the bundle's names may shadow a captured built-in's, as its own function did.
  const wrapper = `${open}(function(){var ${declared.join(", ")};\nreturn (${PIECE_PARAMETER}) => { "use strict"; return eval(${PIECE_PARAMETER}); };})()${close}`;
  return { wrapper, pieces };
}
