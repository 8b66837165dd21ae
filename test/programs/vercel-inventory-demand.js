// convention: vercel-codemode
// tools: get_inventory (tools.getInventory), get_demand (tools.getDemand)
// AI SDK code mode: call independent tools concurrently, combine the results, return a JSON-serialisable value (top-level return).
const productIds = ["anvil", "bolt", "crate", "rope", "lamp"];
const [inventory, demand] = await Promise.all([
  Promise.all(productIds.map((productId) => tools.getInventory({ productId }))),
  Promise.all(productIds.map((productId) => tools.getDemand({ productId }))),
]);

const shortages = productIds
  .map((productId, i) => ({ productId, shortfall: demand[i].requestedUnits - inventory[i].availableUnits }))
  .filter((row) => row.shortfall > 0)
  .sort((a, b) => b.shortfall - a.shortfall);

return { shortages, fullyStocked: productIds.length - shortages.length };
