// Deno (from the npm package `deno`): README's Deno example, copied from README.md into main.ts,
// run with README's command. It pauses on send_email in one interpreter, and another interpreter
// resumes it from the Deno KV file.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tool } from "../harness/deps.mjs";
import { readmeBlock } from "../harness/readme.mjs";
import { expectLines } from "../harness/script-output.mjs";

export default async function check(t) {
  writeFileSync(join(t.dir, "main.ts"), readmeBlock("Deno: `quickbox/deno`", "ts"));
  const command = readmeBlock("Deno: `quickbox/deno`", "sh").trim(); // deno run --unstable-kv … main.ts
  const [deno, ...args] = command.split(/\s+/);
  if (deno !== "deno") throw new Error(`README's Deno command does not start with deno: ${command}`);
  const output = await t.step(command, () =>
    t.exec(tool(".bin/deno"), args, { timeoutMs: 90_000, env: { DENO_DIR: join(t.dir, ".deno"), NO_COLOR: "1" } }),
  );
  expectLines(output, ["paused send_email", "ok SENT TO ANA@EXAMPLE.COM"]);
}
