// convention: agent
// tools: list_orders (tools.listOrders)
// A TypeScript agent cell: interfaces, an abstract class, implements, generics, enums, `as const`, `satisfies`, non-null assertions and casts.
enum Priority { Low = 1, Medium, High }
const STATUSES = ["pending", "shipped", "delivered", "cancelled"] as const;
type Status = (typeof STATUSES)[number];

interface Order { id: string; customerId: string; status: Status; items: { sku: string; qty: number; price: number }[] }
interface Scorer<T> { score(item: T): number }

abstract class Rule<T> implements Scorer<T> {
  constructor(protected readonly weight: number) {}
  abstract applies(item: T): boolean;
  score(item: T): number {
    return this.applies(item) ? this.weight : 0;
  }
}
class PendingRule extends Rule<Order> {
  applies(o: Order): boolean {
    return o.status === "pending";
  }
}
class BigOrderRule extends Rule<Order> {
  applies(o: Order): boolean {
    return o.items.reduce((s, i) => s + i.qty * i.price, 0) > 100;
  }
}

const thresholds = { high: 5, medium: 2 } satisfies Record<string, number>;
const rules: Scorer<Order>[] = [new PendingRule(3), new BigOrderRule(2 as number)];
const orders = (await tools.listOrders({})) as Order[];
const ranked = orders
  .map((o) => ({ id: o.id, score: rules.reduce((s, r) => s + r.score(o), 0) }))
  .map(({ id, score }) => ({ id, priority: score >= thresholds.high ? Priority.High : score >= thresholds.medium ? Priority.Medium : Priority.Low }));
const top = ranked.find((r) => r.priority === Priority.High)!;
({ top: top.id, label: Priority[top.priority], counts: STATUSES.map((s) => orders.filter((o) => o.status === s).length), high: ranked.filter((r) => r.priority === Priority.High).length })
