// convention: vercel-codemode
// tools: fetch-page (tools.fetchPage)
// AI SDK code mode: `return` inside a top-level try; the finally block still runs (and logs) before the program ends.
const urls = ["https://example.com/pricing", "https://example.com/missing", "https://example.com/about"];
const pages = [];
const failures = [];
try {
  for (const url of urls) {
    try {
      const page = await tools.fetchPage({ url });
      pages.push(page.title);
    } catch (error) {
      failures.push(error.message);
    }
  }
  return { pages, failures };
} finally {
  console.log(`fetched ${pages.length}/${urls.length} pages`);
}
