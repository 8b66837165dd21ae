// convention: codex-codemode
// tools: read_file (tools.readFile)
// Codex code mode: triage a log file — count by level, find the slowest requests, group errors by kind.
const { content } = await tools.readFile({ path: "/logs/app.log" });
const entries = content.trim().split("\n").map((line) => {
  const [time, level, ...rest] = line.split(" ");
  const fields = Object.fromEntries([...line.matchAll(/(\w+)=(\S+)/g)].map(([, k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v]));
  return { time, level, message: rest.filter((w) => !w.includes("=")).join(" "), ...fields };
});
const levels = entries.reduce((acc, e) => ({ ...acc, [e.level]: (acc[e.level] ?? 0) + 1 }), {});
const slow = entries.filter((e) => typeof e.ms === "number" && e.ms >= 1000).sort((a, b) => b.ms - a.ms);
const errorKinds = new Map();
for (const e of entries.filter((e) => e.level === "ERROR")) errorKinds.set(e.message, (errorKinds.get(e.message) ?? 0) + 1);
console.log(levels);
console.log(`slowest: ${slow[0].path ?? slow[0].query} ${slow[0].ms}ms`);
({ levels, slow: slow.map((e) => e.ms), errors: Object.fromEntries(errorKinds), firstError: entries.find((e) => e.level === "ERROR").time })
