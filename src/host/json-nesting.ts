/**
 * How deeply JSON text nests, found by one pass over the text (no recursion, no parse). Call
 * arguments deeper than MAX_ARGUMENT_NESTING are refused before anything walks them: the host
 * stores held calls' arguments in the thread's head and hands them to tools, schema validators and
 * adapters, which serialize and walk them recursively — 200,000 levels overflow the host's stack.
 */

export const MAX_ARGUMENT_NESTING = 512;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The problem with `json`'s nesting (a message), or null when it is within MAX_ARGUMENT_NESTING. */
export function jsonNestingProblem(json: string, maxDepth = MAX_ARGUMENT_NESTING): string | null {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return `the arguments nest deeper than ${maxDepth} levels of objects and arrays`;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
  return null;
}
