// Node runs main.mjs: the OpenAI Agents SDK with quickbox/openai-agents installed from the tarball.
import { expectLines } from "../harness/script-output.mjs";
import { PROGRAM_TEXT } from "../harness/expect.mjs";

export default async function check(t) {
  const output = await t.step("node main.mjs", () => t.exec(process.execPath, ["main.mjs"], { timeoutMs: 120_000 }));
  expectLines(output, [
    `program: ${PROGRAM_TEXT}`,
    "interrupted: send_email call_<26>",
    "resumed: <result>[ [ 2, 4, 6 ], 'sent to ada@example.com' ]</result>",
    "final: done sent=ada@example.com",
  ]);
}
