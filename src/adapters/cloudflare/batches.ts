/** Runs `work` on consecutive slices of at most `size` items (Cloudflare's calls take a bounded number of keys). */
export async function inBatches<T>(items: readonly T[], size: number, work: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < items.length; start += size) await work(items.slice(start, start + size));
}
