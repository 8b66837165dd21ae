// convention: agent
// tools: list_orders (tools.listOrders), lookup-user (tools.lookupUser)
// An agent cell that wraps itself in an async IIFE (and calls it): the cell's value is the promise, which is awaited.
(async () => {
  const pending = await tools.listOrders({ status: "pending" });
  const customers = [...new Set(pending.map((o) => o.customerId))];
  const names = await Promise.all(customers.map(async (id) => (await tools.lookupUser({ id })).name));
  return names.sort();
})()
