// convention: codex-codemode
// tools: exec_command (tools.execCommand)
// Codex code mode: a helper that throws when a command exits non-zero; the second command is not installed, so the cell fails.
async function sh(cmd) {
  const result = await tools.execCommand({ cmd });
  if (result.exitCode !== 0) {
    throw new Error(`command failed (exit ${result.exitCode}): ${cmd}\n${result.stderr.trim()}`);
  }
  return result.stdout.trim();
}
console.log(`node ${await sh("node --version")}`);
const lint = await sh("pnpm lint --fix");
lint.split("\n").length
