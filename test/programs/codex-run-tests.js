// convention: codex-codemode
// tools: exec_command (tools.exec_command)
// Codex code mode: run the test suite, parse the failures out of its output with regular expressions.
const run = await tools.exec_command({ cmd: "npm test" });
const lines = run.stdout.split("\n");
const failures = [];
lines.forEach((line, i) => {
  const failed = /^\s*✗\s+(?<file>\S+)\s+>\s+(?<name>.+)$/.exec(line);
  if (failed) failures.push({ ...failed.groups, reason: lines[i + 1]?.trim() ?? "" });
});
const summary = /Tests\s+(\d+) failed \| (\d+) passed \((\d+)\)/.exec(run.stdout);
if (run.exitCode !== 0) console.log(`npm test exited with ${run.exitCode}`);
for (const f of failures) console.log(`FAIL ${f.file} › ${f.name}\n  ${f.reason}`);
({ exitCode: run.exitCode, failed: Number(summary[1]), passed: Number(summary[2]), total: Number(summary[3]), failures })
