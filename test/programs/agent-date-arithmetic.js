// convention: agent
// tools: list_orders (tools.listOrders)
// An agent cell: date arithmetic on fixed dates (UTC) and on the sandbox clock, which starts at the epoch.
const DAY = 24 * 60 * 60 * 1000;
const orders = await tools.listOrders({});
const asOf = new Date("2024-03-06T00:00:00Z");
const ages = orders.map((o) => ({ id: o.id, days: Math.floor((asOf - new Date(o.createdAt)) / DAY) }));
const weekday = (d) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.getUTCDay()];
const dueDate = new Date(asOf.getTime() + 30 * DAY);
const endOfMonth = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() + 1, 0));
const now = new Date();
const deadline = new Date(Date.now() + 3 * DAY);
({
  oldest: ages.reduce((a, b) => (b.days > a.days ? b : a)),
  lastWeek: ages.filter((a) => a.days <= 7).map((a) => a.id),
  due: dueDate.toISOString().slice(0, 10),
  dueWeekday: weekday(dueDate),
  endOfMonth: endOfMonth.getUTCDate(),
  leap: new Date(Date.UTC(2024, 1, 29)).getUTCMonth() === 1,
  clock: now.toISOString(),
  deadline: deadline.toISOString(),
  sameDay: deadline.getUTCDate() - now.getUTCDate(),
})
