/**
 * The one place that asks which JavaScript runtime we are in. Everything else takes
 * capabilities as parameters.
 */
export type RuntimeKind = "node" | "deno" | "workerd" | "browser" | "other";

export function detectRuntime(): RuntimeKind {
  const global = globalThis as Record<string, unknown>;
  const nav = global.navigator as { userAgent?: string } | undefined;
  if (nav?.userAgent === "Cloudflare-Workers") return "workerd";
  if (typeof global.Deno === "object") return "deno";
  const proc = global.process as { versions?: { node?: string } } | undefined;
  if (proc?.versions?.node && typeof global.window === "undefined" && typeof global.WorkerGlobalScope === "undefined") {
    return "node";
  }
  if (typeof global.window === "object" || typeof global.WorkerGlobalScope === "function") return "browser";
  return "other";
}
