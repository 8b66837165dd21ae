// expect: ok
// category: tool-host
// expect-value: ["ToolError","ToolError","ToolError"]
const names = [];
for (const kind of ['bigint', 'array', 'number']) {
  try { await tools.throwsNonError({ kind }) } catch (error) { names.push(error.name) }
}
names
