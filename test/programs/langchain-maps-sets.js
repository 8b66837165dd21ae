// convention: langchain-quickjs
// tools: list_orders (tools.listOrders)
// LangChain QuickJS REPL: group with Map, dedupe with Set; the result is a Map of Sets (kept as such by a structured copy).
const orders = await tools.listOrders({});
const skusByStatus = new Map();
for (const order of orders) {
  if (!skusByStatus.has(order.status)) skusByStatus.set(order.status, new Set());
  for (const item of order.items) skusByStatus.get(order.status).add(item.sku);
}
const everywhere = [...skusByStatus.values()].reduce((acc, set) => new Set([...acc].filter((sku) => set.has(sku))));
console.log("statuses:", [...skusByStatus.keys()].join(", "));
console.log("in every status:", everywhere.size ? [...everywhere] : "none");
skusByStatus
