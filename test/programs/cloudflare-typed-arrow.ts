// convention: cloudflare-codemode
// tools: list_orders (tools.listOrders)
// Cloudflare Code Mode with types: an interface, then one typed async arrow (after type stripping, the program is one function expression).
interface StatusReport {
  byStatus: Record<string, number>;
  oldestOpen: string | null;
}

async (): Promise<StatusReport> => {
  const orders: { id: string; status: string; createdAt: string }[] = await tools.listOrders({});
  const byStatus: Record<string, number> = {};
  for (const o of orders) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  const open = orders.filter((o) => o.status === "pending" || o.status === "shipped");
  open.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return { byStatus, oldestOpen: open[0]?.id ?? null };
}
