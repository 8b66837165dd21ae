/**
 * How deeply JSON text nests, told before parsing it: deep nesting costs JSON.parse several times
 * more per character (V8: 1 MiB of `[` takes ~150–300 ms on a loaded machine, against ~10–40 ms for
 * 1 MiB of flat data), and what it gives cannot be JSON.stringify-ed or walked recursively by the
 * host (V8 overflows its stack somewhere between 3,000 and 10,000 levels). A program that forges
 * its own reports chooses the text. One pass over the characters, skipping strings.
 */

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Deepest tool or task arguments the host accepts: they reach tools, `tool-call` events and a
 * reviewer, who must be able to JSON.stringify and walk them (an EvalResult.value copy stops
 * below this depth already, inside the sandbox).
 */
export const MAX_ARGUMENT_NESTING = 1000;

/** True when `text` opens more than `maxDepth` arrays or objects inside each other somewhere. */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  // Each level takes two characters at least.
  if (text.length <= 2 * maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}
