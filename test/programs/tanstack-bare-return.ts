// convention: tanstack-codemode
// tools: search_docs (tools.searchDocs), send_message (tools.sendMessage)
// TanStack AI code mode: nothing found, so the program logs and stops with a bare `return;` (the result is undefined); nothing is sent.
const results: { id: string; title: string }[] = await tools.searchDocs({ query: "kubernetes operator" });
if (results.length === 0) {
  console.log("No documentation found for that query; nothing to post.");
  return;
}
await tools.sendMessage({ channel: "#docs", text: results.map((r) => r.title).join("\n") });
return results.length;
