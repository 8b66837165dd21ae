// convention: tanstack-codemode
// tools: list_orders (tools.listOrders), lookup-user (tools.lookupUser)
// TanStack AI code mode: helpers, a class and constants declared first, the result returned at the end.
type Money = number;
const TAX_RATE = 0.2;

function subtotal(items: { qty: number; price: Money }[]): Money {
  return items.reduce((sum, item) => sum + item.qty * item.price, 0);
}

class Invoice {
  constructor(readonly customer: string, readonly lines: { id: string; amount: Money }[]) {}
  get total(): Money {
    return Math.round(this.lines.reduce((s, l) => s + l.amount, 0) * (1 + TAX_RATE) * 100) / 100;
  }
}

const orders = await tools.listOrders({ customerId: "u-101" });
const customer = await tools.lookupUser({ id: "u-101" });
const invoice = new Invoice(customer.name, orders.filter((o: { status: string }) => o.status !== "cancelled").map((o: { id: string; items: { qty: number; price: number }[] }) => ({ id: o.id, amount: subtotal(o.items) })));

return { customer: invoice.customer, lines: invoice.lines.length, total: invoice.total };
