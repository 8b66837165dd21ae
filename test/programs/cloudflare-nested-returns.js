// convention: cloudflare-codemode
// tools: exec_command (tools.execCommand)
// Cloudflare Code Mode: helper functions with their own returns and early returns inside loops, all inside the one arrow function.
async () => {
  const parseCount = (line) => {
    const match = /^\s*(\d+)\s+(\S+)$/.exec(line);
    if (!match) return null;
    return { lines: Number(match[1]), file: match[2] };
  };
  function largest(entries) {
    let best = null;
    for (const entry of entries) {
      if (entry.file === "total") continue;
      if (!best || entry.lines > best.lines) best = entry;
    }
    return best;
  }
  const listing = await tools.execCommand({ cmd: "ls src" });
  const files = listing.stdout.trim().split("\n").map((f) => `src/${f}`);
  const counts = await tools.execCommand({ cmd: `wc -l ${files.join(" ")}` });
  const entries = counts.stdout.trim().split("\n").map(parseCount).filter(Boolean);
  for (const entry of entries) {
    if (entry.file === "total") return { files: files.length, total: entry.lines, largest: largest(entries) };
  }
  return { files: files.length, total: null };
}
