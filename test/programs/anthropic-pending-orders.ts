// convention: anthropic-mcp
// tools: list_orders (tools.listOrders)
// Code execution with MCP: filter a large tool result in the sandbox, log a few rows, return a summary (top-level return).
interface OrderItem { sku: string; qty: number; price: number }
interface Order { id: string; customerId: string; status: string; createdAt: string; items: OrderItem[] }

const allOrders: Order[] = await tools.listOrders({});
const pendingOrders = allOrders.filter((order) => order.status === "pending");
console.log(`Found ${pendingOrders.length} pending orders out of ${allOrders.length}`);
for (const order of pendingOrders.slice(0, 2)) {
  console.log(order.id, order.customerId, order.items.length);
}

const orderTotal = (order: Order): number => order.items.reduce((sum, item) => sum + item.qty * item.price, 0);

return {
  pendingCount: pendingOrders.length,
  pendingValue: pendingOrders.reduce((sum, order) => sum + orderTotal(order), 0),
  customers: [...new Set(pendingOrders.map((order) => order.customerId))].sort(),
};
