// convention: codex-codemode
// tools: exec_command (tools.exec_command, its original name)
// Codex code mode: a JS cell runs shell commands through tools.exec_command and prints what it found.
const status = await tools.exec_command({ cmd: "git status --short" });
const log = await tools.exec_command({ cmd: "git log --oneline -5" });
const changed = status.stdout.split("\n").filter(Boolean).map((line) => ({ state: line.slice(0, 2).trim(), path: line.slice(3) }));
const commits = log.stdout.trim().split("\n").map((line) => {
  const [hash, ...rest] = line.split(" ");
  return { hash, subject: rest.join(" ") };
});
console.log(`modified: ${changed.filter((c) => c.state === "M").map((c) => c.path).join(", ")}`);
console.log(`untracked: ${changed.filter((c) => c.state === "??").map((c) => c.path).join(", ")}`);
console.log(`last commit: ${commits[0].hash} ${commits[0].subject}`);
({ changed: changed.length, fixes: commits.filter((c) => c.subject.startsWith("fix:")).length })
