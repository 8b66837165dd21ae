// convention: cloudflare-codemode
// tools: get_inventory (tools.getInventory)
// Cloudflare Code Mode: the function validates what it got and throws a RangeError; the host reports the error.
async () => {
  const requested = { anvil: 10, rope: 3 };
  for (const [productId, units] of Object.entries(requested)) {
    const { availableUnits } = await tools.getInventory({ productId });
    if (availableUnits < units) {
      throw new RangeError(`Cannot reserve ${units} x ${productId}: only ${availableUnits} in stock`);
    }
  }
  return "reserved";
}
