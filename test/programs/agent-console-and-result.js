// convention: agent
// tools: search_docs (tools.searchDocs)
// An agent cell: console output of several kinds (objects, arrays, warn/error prefixes, multi-line text) plus a result.
const hits = await tools.searchDocs({ query: "deploy production monitoring", limit: 3 });
console.log("hits:", hits.length);
console.info({ first: hits[0].title, tags: hits[0].tags });
console.debug(hits.map((h) => h.id));
console.warn("low score for", hits.at(-1).id, hits.at(-1).score);
console.error(`no results for "alerts" in titles: ${hits.every((h) => !h.title.includes("alerts"))}`);
console.log("done\nsecond line");
console.log(null, undefined, true, 3.5, -0, [1, [2, [3, [4]]]], { nested: { deep: { deeper: { deepest: 1 } } } });
hits.map((h) => h.url)
