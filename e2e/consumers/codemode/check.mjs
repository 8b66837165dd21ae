// Node runs main.mjs: @cloudflare/codemode's MCP server and code tool on quickbox/codemode from the tarball.
import { expectLines } from "../harness/script-output.mjs";

export default async function check(t) {
  const output = await t.step("node main.mjs", () => t.exec(process.execPath, ["main.mjs"], { timeoutMs: 120_000 }));
  const lines = [];
  for (const isolation of ["default", "inline"]) {
    lines.push(`${isolation} mcp: [2,4,6]`, `${isolation} tool: {"result":[2,4,6],"logs":["doubled"]}`, `${isolation} limit: Timeout`);
  }
  expectLines(output, lines);
}
