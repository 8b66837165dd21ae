// convention: agent
// tools: list_orders (tools.listOrders)
// An agent cell that validates tool data and throws its own Error subclass (its name and message must reach the host).
class ValidationError extends Error {
  constructor(message, field) {
    super(message);
    this.name = "ValidationError";
    this.field = field;
  }
}
const orders = await tools.listOrders({ customerId: "u-105" });
console.log(`checking ${orders.length} orders`);
for (const order of orders) {
  if (order.status === "cancelled") throw new ValidationError(`order ${order.id} is cancelled and cannot be refunded twice`, "status");
}
orders.length
