// convention: anthropic-mcp
// tools: write_file, read_file, list_files (by their original names)
// Code execution with MCP: save a helper as a reusable "skill" file, read it back, list the skills folder.
const skill = `export async function saveSheetAsCsv(sheetId: string) {
  const data = await gdrive.getSheet({ sheetId });
  return data.map((row) => row.join(",")).join("\\n");
}
`;
const written = await tools.write_file({ path: "/skills/save-sheet-as-csv.ts", content: skill });
await tools.write_file({ path: "/skills/SKILL.md", content: "# save-sheet-as-csv\nExports a sheet as CSV.\n" });
const back = await tools.read_file({ path: "/skills/save-sheet-as-csv.ts" });
const listing: string[] = await tools.list_files({ dir: "/skills" });
console.log(`wrote ${written.bytes} bytes`);
({ roundTrip: back.content === skill, files: listing, firstLine: back.content.split("\n")[0] })
