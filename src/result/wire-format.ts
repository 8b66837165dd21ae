/**
 * The text the model reads (DESIGN.md §5): optional <stdout>, then exactly one <result> or
 * <error>. Guest text passes unchanged — `a < b && c > d`, HTML, `<ops@example.org>`, `at <eval>`
 * read as printed — except that a `<` opening one of the format's own tags (`<stdout`, `</result`,
 * `<ERROR`, …, any letter case) is written `&lt;`: guest text can never forge or close a tag.
 */
const OWN_TAG_OPENING = /<(?=\/?(?:stdout|result|error|paused|running))/gi;

export function escapeBody(text: string): string {
  return text.includes("<") ? text.replace(OWN_TAG_OPENING, "&lt;") : text;
}

/** The error type attribute: also its quote (and `&`, so `&quot;` is unambiguous there). */
function escapeAttribute(text: string): string {
  return escapeBody(text.replace(/&/g, "&amp;")).replace(/"/g, "&quot;");
}

export function truncationSuffix(droppedChars: number): string {
  return droppedChars > 0 ? `… [truncated ${droppedChars} chars]` : "";
}

/** `text` cut to its first `maxChars` units, the cut marked as the wire format marks it. */
export function truncateText(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : text.slice(0, maxChars) + truncationSuffix(text.length - maxChars);
}

export type WireBody =
  | { kind: "result"; body: string; droppedChars: number; handle: boolean }
  | { kind: "error"; type: string; body: string; droppedChars: number }
  | { kind: "paused"; body: string }
  | { kind: "running"; body: string };

export function renderWire(stdout: string | null, main: WireBody): string {
  // The common result: one element, nothing printed.
  if (stdout === null && main.kind === "result" && !main.handle) return `<result>${escapeBody(main.body)}${truncationSuffix(main.droppedChars)}</result>`;
  const parts: string[] = [];
  if (stdout !== null) parts.push(`<stdout>\n${escapeBody(stdout)}\n</stdout>`);
  if (main.kind === "paused" || main.kind === "running") {
    // Not the result/error pair: adapters turn a pause into their framework's interrupt; a
    // background cell still running names itself and what to call next.
    parts.push(`<${main.kind}>${escapeBody(main.body)}</${main.kind}>`);
    return parts.join("\n");
  }
  const body = escapeBody(main.body) + truncationSuffix(main.droppedChars);
  if (main.kind === "result") parts.push(main.handle ? `<result kind="handle">${body}</result>` : `<result>${body}</result>`);
  else parts.push(`<error type="${escapeAttribute(main.type)}">${body}</error>`);
  return parts.join("\n");
}

/** An error as the model reads it, e.g. one an adapter reports itself (ThreadPaused, UnknownCell): the same escaping. */
export function renderError(type: string, message: string): string {
  return renderWire(null, { kind: "error", type, body: message, droppedChars: 0 });
}

/**
 * What the reader of a `<running>` text calls to get a background cell's result or stop it: the
 * interpreter's own `wait` / `cancel`, or an adapter's tool — the text names only calls its reader
 * can make.
 */
export interface CellCalls {
  /** The call that waits for the cell's result, e.g. `wait("cell_…")`. */
  wait(cellId: string): string;
  /** The call that stops the cell. */
  cancel(cellId: string): string;
  /** More the reader should know, e.g. how long each wait takes. */
  note?: string;
}

/** The interpreter's API (`qb.wait(cellId)`, `qb.cancel(cellId)`). */
export const INTERPRETER_CELL_CALLS: CellCalls = {
  wait: (cellId) => `wait(${JSON.stringify(cellId)})`,
  cancel: (cellId) => `cancel(${JSON.stringify(cellId)})`,
};

/** The text of a cell still running after `elapsedMs`, naming what `calls` says its reader can call. */
export function renderRunning(cell: { cellId: string; threadId: string; elapsedMs: number }, calls: CellCalls = INTERPRETER_CELL_CALLS): string {
  const { cellId, threadId, elapsedMs } = cell;
  const body = `cell ${cellId} on thread ${JSON.stringify(threadId)} is still running after ${Math.round(elapsedMs)} ms; ${calls.wait(cellId)} returns its result, ${calls.cancel(cellId)} stops it${calls.note ? `; ${calls.note}` : ""}`;
  return renderWire(null, { kind: "running", body });
}
