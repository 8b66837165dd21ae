/**
 * V8's messages for the two JSON failures programs meet most, computed only after QuickJS's
 * JSON.parse or JSON.stringify has failed (see error-observers.ts):
 * - JSON.parse: the first error as V8's JSON parser (src/json/json-parser.cc, V8 11 / Node 20)
 *   finds it: `Unexpected token '<', "<html><bod"... is not valid JSON`, `Expected ',' or '}'
 *   after property value in JSON at position 9`, `Unexpected end of JSON input`;
 * - JSON.stringify: the path around the cycle, as V8's CircularStructureMessageBuilder writes it.
 */

// Captured before any user code runs (the prelude's intrinsics.ts, not imported: this module is
// also loaded by the host's tests, where that module's `then` export would make it a thenable).
const isArray = Array.isArray;
const objectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const objectGetPrototypeOf = Object.getPrototypeOf;
const reflectApply = Reflect.apply;
const arrayJoin = Array.prototype.join;

/** Objects the cycle search must not look into (the guest's proxies: their traps would run). */
export type IsOpaque = (value: object) => boolean;

/** Thrown inside the scanner: the message of the first error. */
class JsonFailure {
  constructor(readonly message: string) {}
}

/** Inputs V8 names whole instead of pointing at a token (String(undefined), String({}), …). */
const SPECIAL_INPUTS = ["[object Object]", "undefined", "Infinity", "NaN"];
/** Characters of context V8 shows on each side of an unexpected token; shorter inputs are shown whole. */
const CONTEXT_CHARS = 10;

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

function isHexDigit(char: string | undefined): boolean {
  return char !== undefined && /^[0-9a-fA-F]$/.test(char);
}

class JsonScanner {
  private at = 0;

  constructor(readonly text: string) {}

  private fail(message: string, where = "in JSON"): never {
    throw new JsonFailure(`${message} ${where} at position ${this.at}`);
  }

  /** V8's default wording for an unexpected character at the cursor (or the end). */
  private unexpected(): never {
    const { text } = this;
    const at = this.at;
    const char = text[at];
    if (char === undefined) throw new JsonFailure("Unexpected end of JSON input");
    if (char === "-" || isDigit(char)) this.fail("Unexpected number");
    if (char === '"') this.fail("Unexpected string");
    if (SPECIAL_INPUTS.indexOf(text) >= 0) throw new JsonFailure(`"${text}" is not valid JSON`);
    const head = `Unexpected token '${char}', `;
    if (text.length <= 2 * CONTEXT_CHARS) throw new JsonFailure(`${head}"${text}" is not valid JSON`);
    if (at < CONTEXT_CHARS) throw new JsonFailure(`${head}"${text.slice(0, at + CONTEXT_CHARS)}"... is not valid JSON`);
    if (at < text.length - CONTEXT_CHARS) throw new JsonFailure(`${head}..."${text.slice(at - CONTEXT_CHARS, at + CONTEXT_CHARS)}"... is not valid JSON`);
    throw new JsonFailure(`${head}..."${text.slice(at - CONTEXT_CHARS)}" is not valid JSON`);
  }

  private skipWhitespace(): string | undefined {
    const { text } = this;
    while (this.at < text.length && " \t\n\r".includes(text[this.at]!)) this.at++;
    return text[this.at];
  }

  private string(): void {
    const { text } = this;
    this.at++;
    for (;;) {
      const char = text[this.at];
      if (char === undefined) this.fail("Unterminated string");
      if (char === '"') {
        this.at++;
        return;
      }
      if (char === "\\") {
        this.at++;
        const escaped = text[this.at];
        if (escaped === undefined) throw new JsonFailure("Unexpected end of JSON input");
        if (escaped === "u") {
          for (let i = 0; i < 4; i++) {
            this.at++;
            if (!isHexDigit(text[this.at])) this.fail("Bad Unicode escape");
          }
        } else if (!'"\\/bfnrt'.includes(escaped)) {
          if (escaped.charCodeAt(0) > 0xff) this.unexpected();
          this.fail("Bad escaped character");
        }
      } else if (char < " ") {
        this.fail("Bad control character in string literal");
      }
      this.at++;
    }
  }

  private number(): void {
    const { text } = this;
    if (text[this.at] === "-") this.at++;
    if (text[this.at] === "0") {
      this.at++;
      if (isDigit(text[this.at])) this.unexpected();
    } else {
      if (!isDigit(text[this.at])) this.fail("No number after minus sign");
      while (isDigit(text[this.at])) this.at++;
    }
    if (text[this.at] === ".") {
      this.at++;
      if (!isDigit(text[this.at])) this.fail("Unterminated fractional number");
      while (isDigit(text[this.at])) this.at++;
    }
    if (text[this.at] === "e" || text[this.at] === "E") {
      this.at++;
      if (text[this.at] === "-" || text[this.at] === "+") this.at++;
      if (!isDigit(text[this.at])) this.fail("Exponent part is missing a number");
      while (isDigit(text[this.at])) this.at++;
    }
  }

  private literal(word: string): void {
    for (let i = 1; i < word.length; i++) {
      this.at++;
      if (this.at >= this.text.length) throw new JsonFailure("Unexpected end of JSON input");
      if (this.text[this.at] !== word[i]) this.unexpected();
    }
    this.at++;
  }

  /** A property name after `{` or `,`: the string, the colon (V8 names the colon after the first name only). */
  private propertyName(first: boolean): void {
    if (this.skipWhitespace() !== '"') this.fail(first ? "Expected property name or '}'" : "Expected double-quoted property name");
    this.string();
    if (this.skipWhitespace() !== ":") {
      if (first) this.fail("Expected ':' after property name");
      this.unexpected();
    }
    this.at++;
  }

  /** Scans the whole text; iterative, since a hostile text may nest deeper than any stack. */
  scan(): void {
    const open: ("{" | "[")[] = [];
    for (;;) {
      // A value.
      const char = this.skipWhitespace();
      if (char === '"') this.string();
      else if (char === "-" || isDigit(char)) this.number();
      else if (char === "t") this.literal("true");
      else if (char === "f") this.literal("false");
      else if (char === "n") this.literal("null");
      else if (char === "{" || char === "[") {
        this.at++;
        const close = char === "{" ? "}" : "]";
        if (this.skipWhitespace() !== close) {
          open.push(char);
          if (char === "{") this.propertyName(true);
          continue;
        }
        this.at++;
      } else this.unexpected();
      // What follows a value: `,` and the next one, or the end of its object or array.
      for (;;) {
        const container = open[open.length - 1];
        const next = this.skipWhitespace();
        if (container === undefined) {
          if (next !== undefined) this.fail("Unexpected non-whitespace character", "after JSON");
          return;
        }
        if (next === ",") {
          this.at++;
          if (container === "{") this.propertyName(false);
          break;
        }
        if (next !== (container === "{" ? "}" : "]")) {
          this.fail(container === "{" ? "Expected ',' or '}' after property value" : "Expected ',' or ']' after array element");
        }
        this.at++;
        open.pop();
      }
    }
  }
}

/** V8's message for the first error in `text`, or null if V8 would parse it. */
export function v8JsonParseMessage(text: string): string | null {
  try {
    new JsonScanner(text).scan();
    return null;
  } catch (failure) {
    if (failure instanceof JsonFailure) return failure.message;
    throw failure;
  }
}

type Key = string | number;

/** The constructor name V8 prints (read without calling getters), or "Object". */
function constructorName(object: object, isOpaque: IsOpaque): string {
  for (let current: object | null = object; current !== null; current = objectGetPrototypeOf(current) as object | null) {
    if (isOpaque(current)) return "Object";
    const constructor = objectGetOwnPropertyDescriptor(current, "constructor")?.value as unknown;
    if (constructor === undefined) continue;
    const name = typeof constructor === "function" ? objectGetOwnPropertyDescriptor(constructor, "name")?.value : undefined;
    return typeof name === "string" && name !== "" ? name : "Object";
  }
  return "Object";
}

function keyText(key: Key): string {
  if (typeof key === "number") return `index ${key}`;
  return key === "" ? "<anonymous>" : `property '${key}'`;
}

/** The first cycle JSON.stringify would meet, as [path from the root, the key that closes it]. */
function findCycle(root: unknown, propertyList: string[] | null, isOpaque: IsOpaque): { path: { key: Key; object: object }[]; start: number; closingKey: Key } | null {
  const path: { key: Key; object: object }[] = [];
  const visit = (key: Key, value: unknown): { start: number; closingKey: Key } | null => {
    if (typeof value !== "object" || value === null || isOpaque(value)) return null;
    const toJSON = objectGetOwnPropertyDescriptor(value, "toJSON") ?? objectGetOwnPropertyDescriptor(objectGetPrototypeOf(value) ?? {}, "toJSON");
    // toJSON is not called again here (it may have effects); what it returns is not followed.
    if (toJSON && typeof toJSON.value === "function") return null;
    for (let i = 0; i < path.length; i++) if (path[i]!.object === value) return { start: i, closingKey: key };
    path.push({ key, object: value });
    const keys: Key[] = isArray(value) ? Array.from({ length: (value as unknown[]).length }, (_, i) => i) : (propertyList ?? Object.keys(value));
    for (const child of keys) {
      const descriptor = objectGetOwnPropertyDescriptor(value, typeof child === "number" ? String(child) : child);
      const found = descriptor && "value" in descriptor ? visit(child, descriptor.value) : null;
      if (found) return found;
    }
    path.pop();
    return null;
  };
  const found = visit("", root);
  return found ? { path, ...found } : null;
}

/** V8's message for a cycle JSON.stringify met in `value` (the first line alone if it cannot be traced). */
export function v8CircularMessage(value: unknown, replacer: unknown, isOpaque: IsOpaque = () => false): string {
  const header = "Converting circular structure to JSON";
  if (typeof replacer === "function") return header;
  const propertyList = isArray(replacer) ? (replacer as unknown[]).filter((key) => typeof key === "string" || typeof key === "number").map(String) : null;
  let cycle: ReturnType<typeof findCycle> = null;
  try {
    cycle = findCycle(value, propertyList, isOpaque);
  } catch {
    // too deep to trace here: the first line still says what happened
  }
  if (!cycle) return header;
  const { path, start, closingKey } = cycle;
  const lines = [header, `    --> starting at object with constructor '${constructorName(path[start]!.object, isOpaque)}'`];
  const line = (entry: { key: Key; object: object }) => `    |     ${keyText(entry.key)} -> object with constructor '${constructorName(entry.object, isOpaque)}'`;
  let index = start + 1;
  const prefixEnd = Math.min(path.length, index + 2);
  for (; index < prefixEnd; index++) lines.push(line(path[index]!));
  if (path.length > index + 1) lines.push("    |     ...");
  for (index = Math.max(index, path.length - 1); index < path.length; index++) lines.push(line(path[index]!));
  lines.push(`    --- ${keyText(closingKey)} closes the circle`);
  return reflectApply(arrayJoin, lines, ["\n"]) as string;
}
