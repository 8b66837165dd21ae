/**
 * sucrase parses `<T>(…)` in an expression twice — first as a generic arrow function, then, when
 * no `=>` follows, as a type assertion of a parenthesised expression — so each such construct
 * nested inside another doubles the work: 19 levels in a 104-character cell took seconds on the
 * host. This scan measures that nesting in one linear pass, so a cell that nests them too deeply
 * is refused before sucrase sees it.
 *
 * It skips strings, template literals, comments and regular expression literals, and counts, per
 * bracket depth, the `<` that stand where an expression starts (after `=`, `(`, `,`, an operator,
 * `return`, …). The count of a depth is cleared by `,` `;` and `=>` at that depth (a sibling, or an
 * arrow that parsed) and when its bracket closes.
 */

/** Characters after which `<` starts an expression (a type assertion or generic arrow), not a comparison. */
const EXPRESSION_START_CHARS = new Set(["", "=", "(", "[", "{", ",", ":", "?", "!", "&", "|", "+", "-", "*", "%", "^", "~", "<", ">", ";"]);
const EXPRESSION_START_WORDS = new Set(["return", "await", "yield", "typeof", "void", "delete", "case", "in", "of", "new", "throw", "else", "do"]);
/** After these a `/` starts a regular expression, not a division. */
const REGEX_START_CHARS = new Set([...EXPRESSION_START_CHARS, "/"]);

const isIdentifierChar = (char: string) => /[\w$]/.test(char);

function skipString(code: string, start: number, quote: string): number {
  for (let i = start + 1; i < code.length; i++) {
    const char = code[i];
    if (char === "\\") i++;
    else if (char === quote || char === "\n") return i + 1;
  }
  return code.length;
}

function skipRegex(code: string, start: number): number {
  let inClass = false;
  for (let i = start + 1; i < code.length; i++) {
    const char = code[i];
    if (char === "\\") i++;
    else if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    else if ((char === "/" && !inClass) || char === "\n") {
      let end = i + 1;
      while (end < code.length && isIdentifierChar(code[end]!)) end++;
      return end;
    }
  }
  return code.length;
}

/** The deepest nesting of expression-position `<` the cell has (see above). */
export function typeAssertionDepth(code: string): number {
  /** Per open bracket (the cell itself first): expression `<` counted at that depth. */
  const counts: number[] = [0];
  /** Open template literals, as the bracket depth their `${` opened at. */
  const templates: number[] = [];
  let previous = ""; // the last significant character or word
  let open = 0; // the sum of counts
  let deepest = 0;
  for (let i = 0; i < code.length; ) {
    const char = code[i]!;
    const next = code[i + 1] ?? "";
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (char === "/" && next === "/") {
      const end = code.indexOf("\n", i);
      i = end < 0 ? code.length : end;
      continue;
    }
    if (char === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      i = end < 0 ? code.length : end + 2;
      continue;
    }
    if (char === "'" || char === '"') {
      i = skipString(code, i, char);
      previous = "a";
      continue;
    }
    if (char === "`" || (char === "}" && templates.length && templates[templates.length - 1] === counts.length)) {
      if (char === "}") {
        templates.pop();
        open -= counts.pop()!;
      }
      // The template's text, up to its end or to a `${`.
      let j = i + 1;
      for (; j < code.length; j++) {
        if (code[j] === "\\") j++;
        else if (code[j] === "`") break;
        else if (code[j] === "$" && code[j + 1] === "{") break;
      }
      if (code[j] === "$") {
        counts.push(0);
        templates.push(counts.length);
        i = j + 2;
        previous = "{";
      } else {
        i = j + 1;
        previous = "a";
      }
      continue;
    }
    if (char === "/" && (REGEX_START_CHARS.has(previous) || EXPRESSION_START_WORDS.has(previous))) {
      i = skipRegex(code, i);
      previous = "a";
      continue;
    }
    if (isIdentifierChar(char)) {
      let end = i + 1;
      while (end < code.length && isIdentifierChar(code[end]!)) end++;
      previous = code.slice(i, end);
      i = end;
      continue;
    }
    if (char === "(" || char === "[" || char === "{") {
      counts.push(0);
    } else if (char === ")" || char === "]" || char === "}") {
      if (counts.length > 1) open -= counts.pop()!;
    } else if (char === "," || char === ";" || (char === "=" && next === ">")) {
      open -= counts[counts.length - 1]!;
      counts[counts.length - 1] = 0;
      if (char === "=") {
        previous = "=";
        i += 2;
        continue;
      }
    } else if (char === "<" && (EXPRESSION_START_CHARS.has(previous) || EXPRESSION_START_WORDS.has(previous))) {
      counts[counts.length - 1]!++;
      open++;
      deepest = Math.max(deepest, open);
    }
    previous = char;
    i++;
  }
  return deepest;
}
