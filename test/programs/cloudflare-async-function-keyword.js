// convention: cloudflare-codemode
// tools: search_docs (tools.searchDocs)
// Cloudflare Code Mode: the program is an anonymous `async function () {}` expression (as a statement this would not even parse).
async function () {
  const queries = ["retry", "pagination", "webhooks"];
  const answers = {};
  for (const query of queries) {
    const hits = await tools.searchDocs({ query, limit: 2 });
    answers[query] = hits.map((hit) => hit.title);
  }
  return answers;
}
