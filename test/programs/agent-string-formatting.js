// convention: agent
// tools: list_orders (tools.listOrders)
// An agent cell: format a report with template literals, padding, toFixed and a little string surgery.
const orders = await tools.listOrders({});
const rows = orders.map((o) => ({ id: o.id, status: o.status, total: o.items.reduce((s, i) => s + i.qty * i.price, 0) }));
const width = Math.max(...rows.map((r) => r.status.length));
const line = "-".repeat(8 + 1 + width + 1 + 10);
console.log(line);
for (const r of rows.slice(0, 5)) console.log(`${r.id.padEnd(8)} ${r.status.padEnd(width)} ${("$" + r.total.toFixed(2)).padStart(10)}`);
console.log(line);
const grand = rows.reduce((s, r) => s + r.total, 0);
const title = "order report".replace(/\b\w/g, (c) => c.toUpperCase());
`${title}: ${rows.length} orders, ${grand.toFixed(2)} total, avg ${(grand / rows.length).toFixed(1)}; statuses ${[...new Set(rows.map((r) => r.status))].sort().join("/")}`
