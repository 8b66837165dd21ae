/**
 * The frames of a QuickJS stack that decide how an error is worded (node-errors.ts): the top one
 * (a builtin like `at map (native)`, or a position in a cell), and its caller. QuickJS writes
 * `    at NAME (LOCATION)`, `    at LOCATION` for a cell that did not compile, and `    at NAME`
 * for the prelude's functions. Read with plain
 * string methods, only when a wording needs them: rewording runs on every caught error.
 */

export interface CellPosition {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in code points. */
  column: number;
}

export interface TopFrame {
  /** The function's name (`map`, `<eval>`, `<anonymous>`, a class); "" for a cell that did not compile. */
  name: string;
  /** A builtin (`native`). */
  native: boolean;
  /** Where in a cell, when the frame is in one; `topLevel`: the cell's own code, not a function's. */
  cell: (CellPosition & { topLevel: boolean }) | null;
  /** The cell's own SyntaxError: it did not compile. */
  compile: boolean;
}

const reflectApply = Reflect.apply;
const regExpExec = RegExp.prototype.exec;

/** `file:line:column`, the end of a compile error's location. */
const POSITION_SUFFIX = /:\d+:\d+$/;

/**
 * A frame of the prelude's own code: compiled without debug information (engine/strip-flags.ts),
 * it reads `    at NAME`, with no location — a builtin's ends `(native)`, a cell's `(file:line:column)`,
 * and a cell that did not compile gives `    at file:line:column`.
 */
export function isPreludeFrame(line: string): boolean {
  // The original exec: RegExp.prototype.test reads `exec` as a property, which a program may replace.
  return reflectApply(regExpExec, PRELUDE_FRAME, [line]) !== null;
}

/** `    at NAME`, NAME a name the (minified) prelude's functions have — not any text a program put in a stack. */
const PRELUDE_FRAME = /^\s*at (?:(?:get|set|bound) )*(?:[A-Za-z_$][\w$]*|<anonymous>|\[Symbol\.\w+\])$/;

function frameParts(line: string): { name: string; location: string } | null {
  const at = line.indexOf("at ");
  if (at < 0) return null;
  const body = line.slice(at + 3);
  // A frame without a location is the prelude's (isPreludeFrame): a name, nowhere in a cell.
  if (!body.endsWith(")")) return POSITION_SUFFIX.test(body) || !isPreludeFrame(line) ? { name: "", location: body } : { name: body, location: "" };
  const open = body.lastIndexOf(" (");
  return open < 0 ? null : { name: body.slice(0, open), location: body.slice(open + 2, -1) };
}

const CELL_FILE = /^cell-\d+\.[jt]s$/;

function cellPosition(location: string): CellPosition | null {
  if (!location.startsWith("cell-")) return null;
  const columnAt = location.lastIndexOf(":");
  const lineAt = location.lastIndexOf(":", columnAt - 1);
  const file = location.slice(0, lineAt);
  const line = Number(location.slice(lineAt + 1, columnAt));
  const column = Number(location.slice(columnAt + 1));
  return lineAt > 0 && CELL_FILE.test(file) && line >= 1 && column >= 1 ? { file, line, column } : null;
}

export function topFrameOf(stack: string): TopFrame | null {
  const end = stack.indexOf("\n");
  const parts = frameParts(end < 0 ? stack : stack.slice(0, end));
  if (!parts) return null;
  const compile = parts.name === "";
  const position = cellPosition(parts.location);
  if (compile && !position) return null;
  return { name: parts.name, native: parts.location === "native", cell: position ? { ...position, topLevel: compile || parts.name === "<eval>" } : null, compile };
}

/** The second frame, when it is in a cell (where a function that failed was called from). */
export function callerOf(stack: string): CellPosition | null {
  const start = stack.indexOf("\n");
  if (start < 0) return null;
  const end = stack.indexOf("\n", start + 1);
  const parts = frameParts(stack.slice(start + 1, end < 0 ? undefined : end));
  return parts ? cellPosition(parts.location) : null;
}
