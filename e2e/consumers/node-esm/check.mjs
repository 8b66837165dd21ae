// Node (this machine's, ≥ 20.19) runs an ES module that imports quickbox: worker and inline.
import { expectLines } from "../harness/script-output.mjs";
import { PROGRAM_TEXT } from "../harness/expect.mjs";

export default async function check(t) {
  const output = await t.step("node main.mjs", () => t.exec(process.execPath, ["main.mjs"], { timeoutMs: 60_000 }));
  expectLines(output, [`default: ${PROGRAM_TEXT}`, `inline: ${PROGRAM_TEXT}`]);
}
