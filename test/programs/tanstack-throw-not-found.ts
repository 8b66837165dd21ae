// convention: tanstack-codemode
// tools: lookup-user (tools.lookupUser), list_orders (tools.listOrders)
// TanStack AI code mode: a typed guard throws when the data is not what the program needs; the other path returns (top-level return).
interface User { id: string; name: string; team: string; role: string; manager: string | null; active: boolean }

const user: User = await tools.lookupUser({ id: "u-102" });
if (!user.active) {
  throw new Error(`User ${user.id} (${user.name}) is deactivated; refusing to reassign their orders`);
}
const orders = await tools.listOrders({ customerId: user.id });
return { user: user.name, orders: orders.length };
