// convention: anthropic-mcp
// tools: read_file (tools.readFile)
// Code execution with MCP: parse a CSV in the sandbox, aggregate per region, print an aligned table; the last expression is the result.
interface Row { date: string; region: string; product: string; units: number; unitPrice: number }

const { content } = await tools.readFile({ path: "/data/sales.csv" });
const [header, ...body] = content.trim().split("\n");
const columns = header.split(",");
const rows: Row[] = body.map((line: string) => {
  const cells = line.split(",");
  const record = Object.fromEntries(columns.map((c: string, i: number) => [c, cells[i]]));
  return { date: record.date, region: record.region, product: record.product, units: Number(record.units), unitPrice: Number(record.unit_price) };
});

const byRegion = new Map<string, { units: number; revenue: number }>();
for (const row of rows) {
  const entry = byRegion.get(row.region) ?? { units: 0, revenue: 0 };
  entry.units += row.units;
  entry.revenue += row.units * row.unitPrice;
  byRegion.set(row.region, entry);
}
console.log(`${"region".padEnd(8)}${"units".padStart(6)}${"revenue".padStart(10)}`);
for (const [region, { units, revenue }] of [...byRegion].sort((a, b) => b[1].revenue - a[1].revenue)) {
  console.log(`${region.padEnd(8)}${String(units).padStart(6)}${revenue.toFixed(2).padStart(10)}`);
}
Object.fromEntries(byRegion)
