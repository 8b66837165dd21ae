/** A signal that aborts when either of two does (AbortSignal.any is missing on some runtimes we support). */
export function eitherSignal(first: AbortSignal, second: AbortSignal): { signal: AbortSignal; release(): void } {
  const combined = new AbortController();
  const abort = () => combined.abort();
  if (first.aborted || second.aborted) combined.abort();
  first.addEventListener("abort", abort, { once: true });
  second.addEventListener("abort", abort, { once: true });
  return {
    signal: combined.signal,
    release: () => {
      first.removeEventListener("abort", abort);
      second.removeEventListener("abort", abort);
    },
  };
}
