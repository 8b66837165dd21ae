// expect: ToolError
// category: tool-host
// expect-text: … \[truncated \d+ chars\]</error>$
// A 5 MB error message from a tool is cut before it reaches the program.
await tools.throwsNonError({ kind: 'huge-message' })
