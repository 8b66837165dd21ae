// convention: anthropic-mcp
// tools: search_docs (tools.searchDocs)
// Code execution with MCP: fetch many results, keep only the relevant ones in the sandbox, print the top three, return counts.
interface Hit { id: string; title: string; url: string; score: number; tags: string[] }

const hits = (await tools.searchDocs({ query: "api security keys retry errors", limit: 50 })) as Hit[];
const securityHits = hits.filter((hit) => hit.tags.includes("security"));
console.log(`${hits.length} hits, ${securityHits.length} about security`);
securityHits.slice(0, 3).forEach((hit, i) => console.log(`${i + 1}. ${hit.title} (${hit.score})`));

const tagCounts: Record<string, number> = {};
for (const hit of hits) for (const tag of hit.tags) tagCounts[tag] = (tagCounts[tag] ?? 0) + 1;

return {
  total: hits.length,
  security: securityHits.map((h) => h.id),
  topTags: Object.entries(tagCounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3),
};
