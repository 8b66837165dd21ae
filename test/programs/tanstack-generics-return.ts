// convention: tanstack-codemode
// tools: get_inventory (tools.getInventory)
// TanStack AI code mode: generics, enums and `as` casts in a program that returns its result.
enum Stock { Out = "out", Low = "low", Ok = "ok" }

function id<T>(value: T): T {
  return value;
}
function groupBy<T, K extends string>(items: T[], key: (item: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const item of items) (out[key(item)] ??= []).push(item);
  return out;
}

const products = Array.from<string>(["anvil", "bolt", "crate", "rope", "lamp"]);
const levels = await Promise.all(products.map((productId) => tools.getInventory({ productId }))) as { productId: string; availableUnits: number }[];
const classify = (units: number): Stock => (units === 0 ? Stock.Out : units < 10 ? Stock.Low : Stock.Ok);
const grouped = groupBy(levels, (level) => classify(level.availableUnits));

return {
  label: id<string>("stock report"),
  ids: Array.from<number>([1, 2]),
  out: (grouped[Stock.Out] ?? []).map((l) => l.productId),
  low: (grouped[Stock.Low] ?? []).map((l) => l.productId),
  ok: (grouped[Stock.Ok] ?? []).length,
};
