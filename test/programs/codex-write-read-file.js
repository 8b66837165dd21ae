// convention: codex-codemode
// tools: write_file, read_file, list_files (by their original names)
// Codex code mode: write a generated file, read it back, list the folder.
const changelog = [
  "# Changelog",
  "",
  "## 2.3.1",
  "- fix: handle empty cart",
  "- feat: add rate limiter",
].join("\n");
const written = await tools.write_file({ path: "/repo/CHANGELOG.md", content: changelog });
const readBack = await tools.read_file({ path: "/repo/CHANGELOG.md" });
const files = await tools.list_files({ dir: "/repo" });
console.log(`wrote ${written.bytes} bytes to ${written.path}`);
({ same: readBack.content === changelog, entries: readBack.content.split("\n").filter((l) => l.startsWith("- ")).length, files })
