// convention: agent
// tools: list_orders (tools.listOrders)
// An agent cell formatting money and numbers for a person: Intl.NumberFormat (en-US currency) and toLocaleString.
const orders = await tools.listOrders({});
const total = orders.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.qty * i.price, 0), 0);
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const units = orders.reduce((n, o) => n + o.items.reduce((s, i) => s + i.qty, 0), 0);
console.log(`Revenue: ${usd.format(total)} over ${units.toLocaleString("en-US")} units`);
({ revenue: usd.format(total), units: units.toLocaleString("en-US"), big: (1234567.891).toLocaleString("en-US") })
