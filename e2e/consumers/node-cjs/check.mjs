// Node (≥ 20.19, so require() of an ES module works) runs a .cjs script that requires quickbox.
import { expectLines } from "../harness/script-output.mjs";
import { PROGRAM_TEXT } from "../harness/expect.mjs";

export default async function check(t) {
  const output = await t.step("node main.cjs", () => t.exec(process.execPath, ["main.cjs"], { timeoutMs: 60_000 }));
  expectLines(output, [`worker: ${PROGRAM_TEXT}`, `inline: ${PROGRAM_TEXT}`]);
}
