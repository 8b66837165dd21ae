/**
 * The error bridge (README, "What the model reads"): QuickJS's messages leave out what failed
 * (`not a function`), while V8's name it from the program text (`a.b is not a function`). When
 * the guest rewords an error the engine made (see guest/node-errors.ts) and the wording needs the
 * source at the error's position, it asks the engine through one synchronous host function,
 * created in the base image. The engine holds the source of the thread's cells (it compiled
 * them) and answers from it: nothing of the program's state crosses, only a position.
 *
 * Request: one string, the fields joined by "\n": kind, file, line, column, "1" when the frame is
 * the cell's top level (else "0"), the caller's file, line and column (empty when the caller is
 * not in a cell), QuickJS's message.
 * Reply: the message in V8's words, or "" when the source does not show it.
 */

/** The host reference id the bridge function carries in the base image. */
export const ERROR_BRIDGE_ID = 0x71b3;
/** The global the base image builder puts the bridge on; the prelude takes it away at once. */
export const ERROR_BRIDGE_GLOBAL = "__quickboxHostErrors";
/** Requests are at most this many UTF-8 bytes (the message is cut to fit by the guest). */
export const ERROR_MAX_REQUEST_BYTES = 4096;

/**
 * What the engine looks for at the position: the call (`not a function`), the iterated value
 * (`value is not iterable`), a computed key (`cannot read property of undefined`), the
 * destructured value (`cannot convert to object`), the assigned name (`'x' is read-only`); or,
 * for a cell that did not compile, the syntax error as V8 words it.
 */
export const ERROR_SITE_KINDS = ["call", "iterable", "key", "destructure", "assign", "syntax"] as const;
export type ErrorSiteKind = (typeof ERROR_SITE_KINDS)[number];

export interface ErrorSiteQuery {
  kind: ErrorSiteKind;
  file: string;
  /** 1-based, as QuickJS reports it. */
  line: number;
  /** 1-based, in code points, as QuickJS reports it. */
  column: number;
  /** The error's frame is the cell's top-level code (`<eval>`), not a function. */
  topLevel: boolean;
  /** Where the error's function was called from, when that is in a cell. */
  caller: { file: string; line: number; column: number } | null;
  message: string;
}

export function encodeErrorSiteQuery(query: ErrorSiteQuery): string {
  const { caller } = query;
  return [query.kind, query.file, query.line, query.column, query.topLevel ? "1" : "0", caller?.file ?? "", caller?.line ?? "", caller?.column ?? "", query.message].join("\n");
}

function position(line: string | undefined, column: string | undefined): { line: number; column: number } | null {
  const lineNumber = Number(line);
  const columnNumber = Number(column);
  return Number.isSafeInteger(lineNumber) && Number.isSafeInteger(columnNumber) && lineNumber >= 1 && columnNumber >= 1 ? { line: lineNumber, column: columnNumber } : null;
}

/** The query, or null if the text is not one (the guest controls it). */
export function decodeErrorSiteQuery(text: string): ErrorSiteQuery | null {
  const [kind, file, line, column, topLevel, callerFile, callerLine, callerColumn, ...message] = text.split("\n");
  if (!(ERROR_SITE_KINDS as readonly string[]).includes(kind ?? "")) return null;
  const at = position(line, column);
  if (!file || !at || (topLevel !== "1" && topLevel !== "0")) return null;
  const callerAt = callerFile ? position(callerLine, callerColumn) : null;
  const caller = callerFile && callerAt ? { file: callerFile, ...callerAt } : null;
  return { kind: kind as ErrorSiteKind, file, ...at, topLevel: topLevel === "1", caller, message: message.join("\n") };
}
