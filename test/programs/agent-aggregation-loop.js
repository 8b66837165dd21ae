// convention: agent
// tools: lookup-user (tools.lookupUser), list_orders (tools.listOrders)
// An agent cell: loop over users, fetch each one's orders, aggregate per team, rank.
const userIds = ["u-100", "u-101", "u-102", "u-103", "u-104", "u-105"];
const teams = {};
let calls = 0;
for (const id of userIds) {
  const [user, orders] = await Promise.all([tools.lookupUser({ id }), tools.listOrders({ customerId: id })]);
  calls += 2;
  const spent = orders.filter((o) => o.status !== "cancelled").reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.qty * i.price, 0), 0);
  const team = (teams[user.team] ??= { members: 0, orders: 0, spent: 0, topSpender: null });
  team.members++;
  team.orders += orders.length;
  team.spent += spent;
  if (!team.topSpender || spent > team.topSpender.spent) team.topSpender = { name: user.name, spent };
}
const ranking = Object.entries(teams)
  .sort(([, a], [, b]) => b.spent - a.spent)
  .map(([name, t], i) => `${i + 1}. ${name}: ${t.spent.toFixed(2)} across ${t.orders} orders (top: ${t.topSpender.name})`);
ranking.forEach((line) => console.log(line));
({ calls, teams })
