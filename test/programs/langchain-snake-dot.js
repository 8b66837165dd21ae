// convention: langchain-quickjs
// tools: search_docs, list_files (by their original snake_case names, dot access)
// LangChain QuickJS REPL: Python-side tools keep their snake_case names; the program calls them with dot access.
const [hits, files] = await Promise.all([
  tools.search_docs({ query: "install sdk", limit: 3 }),
  tools.list_files({ dir: "/repo" }),
]);
const sourceFiles = files.filter((f) => f.endsWith(".ts"));
({ docs: hits.map((h) => `${h.id}: ${h.title}`), sourceFiles, other: files.length - sourceFiles.length })
