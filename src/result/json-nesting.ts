/**
 * How deeply JSON text nests, told before parsing it. JSON.parse is linear, but deep nesting
 * costs it several times more per character (V8: 1 MiB of `[` takes ~150–300 ms on a loaded
 * machine, against ~10–40 ms for 1 MiB of flat data), and a program that forges its own reports
 * chooses the text. One pass over the characters, skipping strings.
 */

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Deepest tool or task arguments the host parses. A program's own JSON.stringify stops well before
 * (its stack: ~12,000 levels in a worker, fewer inline); past it the text can only be forged.
 */
export const MAX_ARGUMENT_NESTING = 20_000;

/** Texts this short cannot nest deep enough to cost JSON.parse anything worth a scan (~8,000 levels: ~3 ms). */
const SCAN_FROM_CHARS = 16384;

/**
 * True when `text` is long enough for its nesting to matter (over SCAN_FROM_CHARS) and opens more
 * than `maxDepth` arrays or objects inside each other somewhere.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  if (text.length <= SCAN_FROM_CHARS) return false;
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
