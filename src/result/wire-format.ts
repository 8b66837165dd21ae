/**
 * The text the model reads (DESIGN.md §5): optional <stdout>, then exactly one <result> or
 * <error>. Guest text passes unchanged — `a < b && c > d`, HTML, `<ops@example.org>`, `at <eval>`
 * read as printed — except that a `<` opening one of the format's own tags (`<stdout`, `</result`,
 * `<ERROR`, …, any letter case) is written `&lt;`: guest text can never forge or close a tag.
 */
const OWN_TAG_OPENING = /<(?=\/?(?:stdout|result|error|paused|running))/gi;

export function escapeBody(text: string): string {
  return text.replace(OWN_TAG_OPENING, "&lt;");
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
