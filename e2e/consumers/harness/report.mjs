// The summary printed at the end of a run: preparation times, then one row per setup with its
// steps' times and, for failures, the first lines of each error.
const ERROR_LINES = 8;

function indent(text, prefix) {
  return text.split("\n").map((line) => prefix + line).join("\n");
}

export function printReport({ preparation, results, totalSeconds, workRoot }) {
  const lines = ["", "preparation:"];
  for (const step of preparation) lines.push(`  ${step.seconds.toFixed(1).padStart(6)} s  ${step.label}`);
  lines.push("", `${"setup".padEnd(24)} ${"result".padEnd(6)} ${"seconds".padStart(7)}  steps`);
  for (const result of results) {
    const steps = result.steps.map((step) => `${step.label} ${step.seconds.toFixed(1)}`).join(", ");
    lines.push(`${result.name.padEnd(24)} ${(result.ok ? "pass" : "FAIL").padEnd(6)} ${result.seconds.toFixed(1).padStart(7)}  ${steps}`);
    for (const note of result.notes) lines.push(indent(note, "    note: "));
    for (const error of result.errors) {
      lines.push(indent(error.split("\n").slice(0, ERROR_LINES).join("\n"), "    │ "));
    }
  }
  const passed = results.filter((result) => result.ok).length;
  lines.push("", `logs: ${workRoot}/<setup>.log`, `total ${totalSeconds.toFixed(1)} s`, `${passed} passed, ${results.length - passed} failed`);
  console.log(lines.join("\n"));
}
