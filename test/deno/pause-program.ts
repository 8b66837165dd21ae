/** The program paused in Deno and resumed elsewhere (another Deno process, or Node), and the export format. */
import type { StoreRecordMeta } from "../../src/index.js";

export const PAUSED_THREAD_ID = "deno-pause";

/** State before the await (a Map, a closure, a counter) must be there after it, wherever it resumes. */
export const PAUSED_PROGRAM = [
  "const memo = new Map([['greeting', 'hello']]);",
  "let steps = 0;",
  "const bump = () => ++steps;",
  "bump();",
  "const receipt = await tools.sendEmail({ to: 'ana@example.com' });",
  "bump();",
  "`${memo.get('greeting')} ${steps} ${receipt}`",
].join("\n");

/** Every record of a store: key, metadata, and the exact bytes (base64). */
export interface ExportedRecords {
  runtime: string;
  records: { key: string; meta: StoreRecordMeta; base64: string }[];
}
