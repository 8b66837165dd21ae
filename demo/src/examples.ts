/** Example programs for the menu: each shows one thing an agent gains by writing code. */
export interface Example {
  id: string;
  title: string;
  code: string;
}

export const EXAMPLES: Example[] = [
  {
    id: "fan-out",
    title: "Fan-out with Promise.all",
    code: `// Five tool calls at once; only the compact table goes back to the model.
const cities = ["Lisbon", "Oslo", "Nairobi", "Tokyo", "Denver"];
const reports = await Promise.all(cities.map((city) => tools.getWeather({ city })));
reports
  .map((r) => \`\${r.city.padEnd(8)} \${String(r.tempC).padStart(3)}°C \${r.condition}\`)
  .join("\\n")`,
  },
  {
    id: "retry",
    title: "Retry with backoff",
    code: `// The warehouse API fails often. Retry with exponential backoff:
// the clock is virtual, so the waits cost no real time.
async function withRetry(fn, attempts = 5) {
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (error) {
      console.log(\`attempt \${i + 1} failed: \${error.message}\`);
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** i));
    }
  }
  throw new Error("gave up");
}
const stock = await withRetry(() => tools.checkStock({ sku: "T-102" }));
\`\${stock.sku}: \${stock.stock} in stock (after \${stock.attempt} attempts)\``,
  },
  {
    id: "aggregate",
    title: "Aggregate, return a compact answer",
    code: `// Many results in, one small answer out.
const queries = ["hammer", "bolt", "crate", "gloves", "drill"];
const hits = (await Promise.all(queries.map((query) => tools.searchProducts({ query, limit: 10 })))).flat();
progress(\`\${hits.length} products found; grouping…\`); // shown at once, while the program runs
const byCategory = {};
for (const p of hits) {
  const c = (byCategory[p.category] ??= { count: 0, cheapest: p, totalStock: 0 });
  c.count++;
  c.totalStock += p.stock;
  if (p.priceUsd < c.cheapest.priceUsd) c.cheapest = p;
}
Object.entries(byCategory).map(([category, c]) => ({ category, count: c.count, cheapest: c.cheapest.name, stock: c.totalStock }))`,
  },
  {
    id: "subagents",
    title: "Subagents: task() fan-out",
    code: `// Three subagents in parallel (simulated here), then one summary.
const categories = ["tools", "storage", "safety"];
const findings = await Promise.all(
  categories.map((category) => task({ description: \`Survey the \${category} category\`, subagentType: "researcher" })),
);
findings.map((text, i) => \`\${categories[i]}: \${text}\`).join("\\n")`,
  },
  {
    id: "approval",
    title: "Approval flow (pauses; survives a reload)",
    code: `// send_email and pay_invoice need approval: the program pauses at the await below.
// Reload the page while it waits: the approval is still here, and the program continues where it was.
const order = await tools.getOrder({ orderId: "A-1001" });
const receipt = await tools.payInvoice({ invoiceId: order.invoiceId, amountUsd: order.amountUsd });
const mail = await tools.sendEmail({
  to: order.email,
  subject: \`Order \${order.orderId}: payment received\`,
  body: \`Thank you, \${order.customer}. Confirmation \${receipt.confirmation}.\`,
});
({ order: order.orderId, paid: receipt.paid, emailed: mail.sent })`,
  },
  {
    id: "state",
    title: "State across runs",
    code: `// Top-level declarations persist in the thread: run this, then run "visits()" on its own.
let count = 0;
function visits() {
  count++;
  return \`visited \${count} time\${count === 1 ? "" : "s"}\`;
}
visits()`,
  },
  {
    id: "runaway",
    title: "Runaway loop (stopped by the timeout)",
    code: `// Never ends: the CPU timeout stops it, and the page stays responsive.
while (true) {}`,
  },
  {
    id: "memory-bomb",
    title: "Memory bomb (hits the memory limit)",
    code: `// Allocates until the thread's fixed-size memory is full.
const hog = [];
while (true) hog.push(new Array(100000).fill(hog.length));`,
  },
];

export const DEFAULT_EXAMPLE = EXAMPLES[0]!;
