/** The program paused in Deno and resumed elsewhere (another Deno process, or Node), and the export format. */
import type { StoreRecordMeta } from "../../src/index.js";

export const PAUSED_THREAD_ID = "deno-pause";

/** State before the await (a Map, a closure, a counter) must be there after it, wherever it resumes. */
export const PAUSED_PROGRAM = [
  "const memo = new Map([['greeting', 'hello']]);",
  "const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });",
  "let steps = 0;",
  "const bump = () => ++steps;",
  "bump();",
  "const receipt = await tools.sendEmail({ to: 'ana@example.com' });",
  "bump();",
  // The web platform after the restore: the Intl bridge answers in whichever runtime resumed.
  "`${memo.get('greeting')} ${steps} ${receipt} ${money.format(1234.5)} ${new URL('../x?q=é', 'https://h/a/b').href}`",
].join("\n");

/** What the program's web-platform part adds to its result. */
export const PAUSED_PROGRAM_SUFFIX = " $1,234.50 https://h/x?q=%C3%A9";

/** Every record of a store: key, metadata, and the exact bytes (base64). */
export interface ExportedRecords {
  runtime: string;
  records: { key: string; meta: StoreRecordMeta; base64: string }[];
}
