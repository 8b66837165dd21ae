// convention: vercel-codemode
// tools: list_orders (tools.listOrders), lookup-user (tools.lookupUser)
// AI SDK code mode: a `return` inside a top-level loop ends the program; returns inside nested functions and callbacks stay theirs.
function total(order) {
  let sum = 0;
  for (const item of order.items) {
    if (item.qty <= 0) return 0;
    sum += item.qty * item.price;
  }
  return sum;
}
const bigSpender = (orders) => orders.some((o) => {
  return total(o) > 200;
});

const pending = await tools.listOrders({ status: "pending" });
console.log(`checking ${pending.length} pending orders`);
for (const order of pending) {
  const value = total(order);
  console.log(`${order.id}: ${value}`);
  if (value > 200) {
    const customer = await tools.lookupUser({ id: order.customerId });
    return { firstLargeOrder: order.id, value, customer: customer.name, bigSpender: bigSpender(pending) };
  }
}
return null;
