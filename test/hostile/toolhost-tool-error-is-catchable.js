// expect: ok
// category: tool-host
// expect-value: ["ToolError","throws_non_error"]
try { await tools.throwsNonError({ kind: 'null-prototype' }) } catch (error) { [error.name, error.tool] }
