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
  /**
   * The remembered cells in a ring, oldest at `#first` (remembering is per eval, looking up only
   * per error; a ring moves nothing: shifting an array of objects cost more than a small eval).
   */
  readonly #files: string[] = [];
  readonly #codes: string[] = [];
  #first = 0;
  #count = 0;
  readonly #parsed = new Map<string, Program | null>();
  #chars = 0;

  remember(file: string, code: string): void {
    // A cell compiled again under its name (the retry of an unparsed cell) replaces its code.
    if (this.#count > 0 && this.#files[this.#slot(this.#count - 1)] === file) this.#dropNewest();
    if (this.#count === MAX_CELL_SOURCES) this.#dropOldest();
    const slot = this.#slot(this.#count++);
    this.#files[slot] = file;
    this.#codes[slot] = code;
    this.#chars += code.length;
    while (this.#count > 1 && this.#chars > MAX_CELL_SOURCE_CHARS) this.#dropOldest();
  }

  #slot(index: number): number {
    return (this.#first + index) % MAX_CELL_SOURCES;
  }

  #dropOldest(): void {
    const slot = this.#first;
    this.#forget(slot);
    this.#first = (this.#first + 1) % MAX_CELL_SOURCES;
    this.#count--;
  }

  #dropNewest(): void {
    this.#forget(this.#slot(this.#count - 1));
    this.#count--;
  }

  #forget(slot: number): void {
    this.#chars -= this.#codes[slot]!.length;
    if (this.#parsed.size) this.#parsed.delete(this.#files[slot]!);
    this.#files[slot] = "";
    this.#codes[slot] = "";
  }

  #code(file: string): string | undefined {
    for (let index = this.#count - 1; index >= 0; index--) {
      const slot = this.#slot(index);
      if (this.#files[slot] === file) return this.#codes[slot];
    }
    return undefined;
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
    const code = this.#code(file);
    const program = code === undefined ? null : this.#program(file, code);
    return program ? { code: code!, program } : null;
  }

  /** The error bridge's answer to a request (the guest controls it: anything malformed gets ""). */
  describe(request: string): string {
    const query = decodeErrorSiteQuery(request);
    if (!query) return "";
    if (query.kind === "syntax") {
      const code = this.#code(query.file);
      return code === undefined ? "" : (v8SyntaxMessage(code) ?? "");
    }
    const source = this.#source(query.file);
    return source ? rewordAtSite(source, query, (file) => this.#source(file)) : "";
  }
}
