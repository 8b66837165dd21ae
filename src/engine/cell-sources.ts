/**
 * The code of a thread's recent cells, as QuickJS compiled it, by file name (`cell-3.js`): what
 * the error bridge reads to name the expression that failed (error-sites.ts). Bounded: the last
 * MAX_CELL_SOURCES cells, at most MAX_CELL_SOURCE_CHARS in all (an older cell's functions can
 * still fail; their errors then keep a wording that needs no source). Held by the engine, not
 * in the snapshot: a thread restored in another process starts without them.
 */
import { parse, type Program } from "acorn";
import { decodeErrorSiteQuery } from "../error-bridge-protocol.js";
import { rewordAtSite, type CellSource } from "./error-sites.js";
import { v8SyntaxMessage } from "./syntax-messages.js";

export const MAX_CELL_SOURCES = 64;
export const MAX_CELL_SOURCE_CHARS = 4 * 2 ** 20;
/** Parsed trees kept for repeated errors (a loop that catches the same failure). */
const PARSED_KEPT = 4;

function parseCell(code: string): Program | null {
  const options = { ecmaVersion: "latest", allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, allowHashBang: true } as const;
  try {
    return parse(code, { ...options, sourceType: "script" });
  } catch {
    try {
      return parse(code, { ...options, sourceType: "module" });
    } catch {
      return null;
    }
  }
}

export class CellSources {
  readonly #codes = new Map<string, string>();
  readonly #parsed = new Map<string, Program | null>();
  #chars = 0;

  remember(file: string, code: string): void {
    this.#forget(file);
    this.#codes.set(file, code);
    this.#chars += code.length;
    while (this.#codes.size > MAX_CELL_SOURCES || this.#chars > MAX_CELL_SOURCE_CHARS) {
      const oldest = this.#codes.keys().next().value!;
      if (oldest === file) break;
      this.#forget(oldest);
    }
  }

  #forget(file: string, code = this.#codes.get(file)): void {
    if (code === undefined) return;
    this.#codes.delete(file);
    this.#parsed.delete(file);
    this.#chars -= code.length;
  }

  #program(file: string, code: string): Program | null {
    if (this.#parsed.has(file)) {
      const program = this.#parsed.get(file)!;
      this.#parsed.delete(file);
      this.#parsed.set(file, program);
      return program;
    }
    const program = parseCell(code);
    this.#parsed.set(file, program);
    for (const oldest of this.#parsed.keys()) {
      if (this.#parsed.size <= PARSED_KEPT) break;
      this.#parsed.delete(oldest);
    }
    return program;
  }

  /** A cell's code and tree, or null (forgotten, or it does not parse). */
  #source(file: string): CellSource | null {
    const code = this.#codes.get(file);
    const program = code === undefined ? null : this.#program(file, code);
    return program ? { code: code!, program } : null;
  }

  /** The error bridge's answer to a request (the guest controls it: anything malformed gets ""). */
  describe(request: string): string {
    const query = decodeErrorSiteQuery(request);
    if (!query) return "";
    if (query.kind === "syntax") {
      const code = this.#codes.get(query.file);
      return code === undefined ? "" : (v8SyntaxMessage(code) ?? "");
    }
    const source = this.#source(query.file);
    return source ? rewordAtSite(source, query, (file) => this.#source(file)) : "";
  }
}
