// convention: codex-codemode
// tools: list_files, read_file (by their original names)
// Codex code mode: scan the sources for TODO/FIXME markers and group them by owner.
const paths = (await tools.list_files({ dir: "/repo" })).filter((p) => /\.(ts|md)$/.test(p));
const contents = await Promise.all(paths.map((path) => tools.read_file({ path })));
const markers = [];
for (const { path, content } of contents) {
  content.split("\n").forEach((line, index) => {
    for (const m of line.matchAll(/\b(?<kind>TODO|FIXME)(?:\((?<owner>\w+)\))?:?\s*(?<text>.*)$/g)) {
      markers.push({ path, line: index + 1, kind: m.groups.kind, owner: m.groups.owner ?? "unowned", text: m.groups.text });
    }
  });
  for (const m of content.matchAll(/- \[ \] (?<text>[^(\n]+)\(owner: @(?<owner>\w+)\)/g)) {
    markers.push({ path, line: null, kind: "TASK", owner: m.groups.owner, text: m.groups.text.trim() });
  }
}
const byOwner = {};
for (const m of markers) (byOwner[m.owner] ??= []).push(`${m.kind} ${m.path}${m.line ? `:${m.line}` : ""}`);
console.log(`${markers.length} markers in ${paths.length} files`);
byOwner
