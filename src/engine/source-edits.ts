/** Text edits computed from a parse, applied in one pass over the source. */

export interface Edit {
  at: number;
  removeChars: number;
  insert: string;
}

/** Applies edits in one pass (linear in the code's length, however many edits there are). */
export function applyEdits(code: string, edits: Edit[]): string {
  const parts: string[] = [];
  let from = 0;
  // At one position, insertions go before a replacement, and otherwise in the order they were made.
  for (const edit of [...edits].sort((a, b) => a.at - b.at || Number(a.removeChars > 0) - Number(b.removeChars > 0))) {
    parts.push(code.slice(from, edit.at), edit.insert);
    from = edit.at + edit.removeChars;
  }
  parts.push(code.slice(from));
  return parts.join("");
}

/** The newlines of `text`: what a rewrite puts back so the code after it stays on its line. */
export function newlinesIn(text: string): string {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return "\n".repeat(count);
}
