// convention: agent
// tools: search_docs (tools.searchDocs)
// An agent cell with no top-level return, though "return" appears in strings, comments, a template, a regex and nested functions.
// return early if nothing matches (this is a comment, not code)
const note = "return the top hits"; /* return here? no */
const re = /return\s+\w+/;
function best(hits) {
  if (!hits.length) return null;
  return hits.reduce((a, b) => (b.score > a.score ? b : a));
}
const hits = await tools.searchDocs({ query: "retry errors api" });
const label = `we ${"return".toUpperCase()} ${hits.length} hits`;
({ note, label, matches: re.test("please return everything"), best: best(hits)?.id, none: best([]) })
