// convention: vercel-codemode
// tools: get_inventory (tools.getInventory), create_ticket (tools.createTicket)
// AI SDK code mode: a guard inside a top-level loop stops the whole program with a bare `return;` once a product is out of stock.
const watched = ["anvil", "crate", "rope", "lamp"];
const checked = [];
for (const productId of watched) {
  const { availableUnits } = await tools.getInventory({ productId });
  checked.push(productId);
  if (availableUnits === 0) {
    const ticket = await tools.createTicket({ title: `Restock ${productId}`, priority: "high" });
    console.log(`${productId} is out of stock after checking ${checked.join(", ")}; opened ${ticket.id}`);
    return;
  }
}
return checked;
