/**
 * V8's SyntaxError messages for a cell that does not parse (`missing ) after argument list`,
 * `Unexpected identifier 'f'`, `await is only valid in async functions and the top level bodies
 * of modules`), from acorn's parse of the cell: QuickJS's own (`expecting ','`) say less, and
 * models repair code from V8's. acorn stops where V8 stops for the mistakes models make; its
 * message is mapped to V8's, and "Unexpected token" is named by the token V8 would name. Two
 * checks acorn makes differently are made here, as V8 makes them: an argument list that goes on
 * without `,` or `)`, and a `const` without `=`.
 */
import { Parser, tokTypes, type Options, type TokenType } from "acorn";

const OPTIONS: Options = { ecmaVersion: "latest", sourceType: "script", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true, locations: false };

const MISSING_PAREN = "missing ) after argument list";
const MISSING_CONST_INITIALIZER = "Missing initializer in const declaration";
const AWAIT_OUTSIDE_ASYNC = "await is only valid in async functions and the top level bodies of modules";
const STRICT_RESERVED = new Set(["implements", "interface", "let", "package", "private", "protected", "public", "static", "yield"]);

/** acorn's messages (without the position it appends) and V8's. */
const MESSAGES: [RegExp, string][] = [
  [/^Unterminated string constant$/, "Invalid or unexpected token"],
  [/^Unterminated comment$/, "Invalid or unexpected token"],
  [/^Unexpected character/, "Invalid or unexpected token"],
  [/^Identifier directly after number$/, "Invalid or unexpected token"],
  [/^Invalid number$/, "Invalid or unexpected token"],
  [/^Unterminated template/, "Unexpected end of input"],
  [/^Unterminated regular expression$/, "Invalid regular expression: missing /"],
  [/^Octal literal in strict mode$/, "Octal literals are not allowed in strict mode."],
  [/^Invalid (?:number|escape sequence)/, "Invalid or unexpected token"],
  [/^Optional chaining cannot appear in left-hand side$/, "Invalid left-hand side in assignment"],
  [/^Cannot use keyword 'await' outside an async function$/, AWAIT_OUTSIDE_ASYNC],
  [/^Unsyntactic break$/, "Illegal break statement"],
  [/^Unsyntactic continue$/, "Illegal continue statement: no surrounding iteration statement"],
  [/^Deleting local variable in strict mode$/, "Delete of an unqualified identifier in strict mode."],
  [/^Complex binding patterns require an initialization value$/, "Missing initializer in destructuring declaration"],
  [/^Identifier '.*' has already been declared$/, ""],
  [/^Missing catch or finally clause$/, "Missing catch or finally after try"],
];

/** The parser's state when it raised: what V8 names the unexpected token by. */
interface RaisedState {
  type: TokenType;
  value: unknown;
  start: number;
  end: number;
  lastTokStart: number;
  lastTokEnd: number;
  strict: boolean;
  /** Where the last `const` declaration's name ended (-1 after any other), and whether it was a pattern. */
  constIdEnd: number;
  constPattern: boolean;
  /** `await` is an operator here (an async function, the top level). */
  canAwait: boolean;
  /** The innermost context is a template's `${…}`. */
  inTemplateExpression: boolean;
}

interface ParserInternals {
  type: TokenType;
  value: unknown;
  start: number;
  end: number;
  lastTokStart: number;
  lastTokEnd: number;
  strict: boolean;
  readonly canAwait: boolean;
  curContext(): { token: string } | undefined;
  eat(type: TokenType): boolean;
  afterTrailingComma(close: TokenType, notNext?: boolean): boolean;
  parseSpread(refDestructuringErrors: unknown): unknown;
  parseMaybeAssign(forInit: boolean, refDestructuringErrors: unknown): unknown;
  parseVarId(decl: unknown, kind: string): unknown;
  parseExprList(close: TokenType, allowTrailingComma: boolean, allowEmpty: boolean, refDestructuringErrors: unknown): unknown[];
  raise(pos: number, message: string): never;
  raiseRecoverable(pos: number, message: string): never;
}

type ParserClass = new (options: Options, input: string) => { parse(): unknown };

/** acorn with V8's two checks, remembering its state when it raises (see RaisedState). */
const V8Parser = Parser.extend((Base) => {
  const BaseClass = Base as unknown as new (options: Options, input: string) => ParserInternals;
  class V8Checks extends BaseClass {
    constIdEnd = -1;
    constPattern = false;

    override raise(pos: number, message: string): never {
      const error = Object.assign(new SyntaxError(message), { pos, state: this.#state() });
      throw error;
    }

    override raiseRecoverable(pos: number, message: string): never {
      return this.raise(pos, message);
    }

    #state(): RaisedState {
      return {
        type: this.type,
        value: this.value,
        start: this.start,
        end: this.end,
        lastTokStart: this.lastTokStart,
        lastTokEnd: this.lastTokEnd,
        strict: this.strict,
        constIdEnd: this.constIdEnd,
        constPattern: this.constPattern,
        canAwait: this.canAwait,
        inTemplateExpression: this.curContext()?.token === "${",
      };
    }

    override parseVarId(decl: unknown, kind: string): unknown {
      const result = super.parseVarId(decl, kind);
      this.constIdEnd = kind === "const" ? this.lastTokEnd : -1;
      this.constPattern = (decl as { id?: { type?: string } }).id?.type !== "Identifier";
      return result;
    }

    /** acorn's own, except that an argument list going on without `,` or `)` is V8's error. */
    override parseExprList(close: TokenType, allowTrailingComma: boolean, allowEmpty: boolean, refDestructuringErrors: unknown): unknown[] {
      if (close !== tokTypes.parenR) return super.parseExprList(close, allowTrailingComma, allowEmpty, refDestructuringErrors);
      const elements: unknown[] = [];
      let first = true;
      while (!this.eat(close)) {
        if (!first) {
          if (!this.eat(tokTypes.comma)) this.raise(this.start, MISSING_PAREN);
          if (allowTrailingComma && this.afterTrailingComma(close)) break;
        } else first = false;
        if (this.type === tokTypes.ellipsis) elements.push(this.parseSpread(refDestructuringErrors));
        else elements.push(this.parseMaybeAssign(false, refDestructuringErrors));
      }
      return elements;
    }
  }
  return V8Checks as unknown as typeof Parser;
}) as unknown as ParserClass;

/** "Unexpected …" as V8 words it for the token that starts at `start`. */
function unexpectedToken(code: string, state: RaisedState, start: number): string {
  if (start >= code.length || state.type === tokTypes.eof) return "Unexpected end of input";
  const text = start === state.start ? code.slice(state.start, state.end) : (/^[\w$]+|^\S/.exec(code.slice(start))?.[0] ?? "");
  const type = start === state.start ? state.type : null;
  if (type === tokTypes.string || /^["']/.test(text)) return "Unexpected string";
  if (type === tokTypes.num || /^\.?\d/.test(text)) return "Unexpected number";
  if (type === tokTypes.template || type === tokTypes.backQuote || text.startsWith("`")) return "Unexpected template string";
  if (type === tokTypes.regexp) return "Unexpected regular expression";
  if (type?.keyword !== undefined || (type === null && /^[A-Za-z_$]/.test(text) && KEYWORDS.has(text))) return `Unexpected token '${text}'`;
  if (type === tokTypes.name || type === tokTypes.privateId || /^[\w$#]/.test(text)) {
    return state.strict && STRICT_RESERVED.has(text) ? "Unexpected strict mode reserved word" : `Unexpected identifier '${text}'`;
  }
  return `Unexpected token '${text}'`;
}

const KEYWORDS = new Set(
  "break case catch class const continue debugger default delete do else export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with".split(" "),
);

/** `1 = 2`, `1++`, `++1`: which left-hand side V8 says is invalid. */
function invalidTarget(code: string, state: RaisedState, pos: number): string {
  if (state.type === tokTypes.incDec && state.start >= pos) return "Invalid left-hand side expression in postfix operation";
  if (/(?:\+\+|--)\s*$/.test(code.slice(Math.max(0, pos - 40), pos))) return "Invalid left-hand side expression in prefix operation";
  return "Invalid left-hand side in assignment";
}

/** acorn's "Unexpected token" as V8 words it, with V8's own checks at that point. */
function unexpectedMessage(code: string, state: RaisedState, pos: number): string {
  const previous = code.slice(state.lastTokStart, state.lastTokEnd);
  if (previous === "await" && !state.canAwait && state.lastTokEnd <= pos) return AWAIT_OUTSIDE_ASYNC;
  if (state.constIdEnd === state.lastTokEnd && pos === state.start && state.type !== tokTypes.eq) {
    return state.constPattern ? "Missing initializer in destructuring declaration" : MISSING_CONST_INITIALIZER;
  }
  // acorn reads `?.` at the very end as `?` and `.`: V8 reads an optional chain, then the end.
  if (/\?\.\s*$/.test(code) && pos >= code.trimEnd().length - 1) return "Unexpected end of input";
  const atEnd = pos >= code.length || state.type === tokTypes.eof;
  if (atEnd && state.inTemplateExpression && previous !== "${") return "Missing } in template expression";
  // `async f` is an arrow's start to acorn, an identifier too many to V8.
  const afterAsync = /(?:^|[^\w$.])async[ \t]+$/.test(code.slice(Math.max(0, state.lastTokStart - 40), state.lastTokStart));
  if (atEnd && afterAsync && /^[A-Za-z_$][\w$]*$/.test(previous) && !KEYWORDS.has(previous)) return `Unexpected identifier '${previous}'`;
  if (previous === "function" && code[pos] === "(") return "Function statements require a function name";
  return unexpectedToken(code, state, pos);
}

/** V8's message for the cell's first syntax error, or null if acorn parses it (or fails in a way V8 would not name). */
export function v8SyntaxMessage(code: string): string | null {
  try {
    new V8Parser(OPTIONS, code).parse();
    return null;
  } catch (error) {
    const { message, pos, state } = error as { message?: unknown; pos?: unknown; state?: RaisedState };
    if (typeof message !== "string" || typeof pos !== "number" || !state) return null;
    if (message === MISSING_PAREN) return message;
    if (message === "Assigning to rvalue") return invalidTarget(code, state, pos);
    const reserved = /^The keyword '(.*)' is reserved$/.exec(message);
    if (reserved) return STRICT_RESERVED.has(reserved[1]!) ? "Unexpected strict mode reserved word" : "Unexpected reserved word";
    const keyword = /^Unexpected keyword '(.*)'$/.exec(message);
    if (keyword) return `Unexpected token '${keyword[1]}'`;
    if (message === "Unexpected token") return unexpectedMessage(code, state, pos);
    if (/^'import' and 'export' may appear only/.test(message)) {
      return code.startsWith("import", pos) ? "Cannot use import statement outside a module" : "Unexpected token 'export'";
    }
    if (message === "Invalid number" && state.strict && /^0\d/.test(code.slice(pos))) {
      return /^0[0-7]+(?![\d.])/.test(code.slice(pos)) ? "Octal literals are not allowed in strict mode." : "Decimals with leading zeros are not allowed in strict mode.";
    }
    for (const [pattern, v8] of MESSAGES) if (pattern.test(message)) return v8 === "" ? message : v8;
    return null;
  }
}
