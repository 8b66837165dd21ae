// Bun (from the npm package `bun`) runs a TypeScript script importing quickbox: worker and inline.
import { tool } from "../harness/deps.mjs";
import { expectLines } from "../harness/script-output.mjs";
import { PROGRAM_TEXT } from "../harness/expect.mjs";

export default async function check(t) {
  const output = await t.step("bun main.ts", () => t.exec(tool(".bin/bun"), ["main.ts"], { timeoutMs: 60_000 }));
  expectLines(output, [`worker: ${PROGRAM_TEXT}`, `inline: ${PROGRAM_TEXT}`]);
}
