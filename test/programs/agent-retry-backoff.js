// convention: agent
// tools: fetch-page (tools.fetchPage)
// An agent cell: retry a flaky tool with exponential backoff in try/catch; the sleeps run on the virtual clock.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function withRetry(fn, { attempts = 4, baseMs = 500 } = {}) {
  let lastError;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      lastError = error;
      console.log(`attempt ${attempt} failed at t=${Date.now()}ms: ${error.message}`);
      if (attempt < attempts) await sleep(baseMs * 2 ** (attempt - 1));
    }
  }
  throw lastError;
}
const page = await withRetry(() => tools.fetchPage({ url: "https://flaky.example.com/status" }));
({ title: page.title, status: page.status, finishedAt: Date.now() })
