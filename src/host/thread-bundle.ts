/**
 * Signing and opening thread bundles (DESIGN.md §3 `exportThread` / `importThread`; the format is
 * thread-bundle-format.ts's): with a snapshotSigningKey a bundle carries an HMAC-SHA256 over its
 * bytes, and an importing interpreter with the same key refuses a bundle that was edited.
 */
import type { Interrupt, ThreadBundle } from "../types.js";
import { bundleFromBytes, checkBundle, rejected, unsignedBytes, VERSION } from "./thread-bundle-format.js";

export { bundleBytes, bundleFromBytes } from "./thread-bundle-format.js";

export async function makeBundle(content: Omit<ThreadBundle, "format" | "version" | "mac">, signingKey: CryptoKey | undefined): Promise<ThreadBundle> {
  const bundle: ThreadBundle = { format: "quickbox.thread", version: VERSION, ...content };
  if (!signingKey) return bundle;
  return { ...bundle, mac: new Uint8Array(await crypto.subtle.sign("HMAC", signingKey, unsignedBytes(bundle))) };
}

/** A bundle given to importThread (object or bytes), checked — and, with a key, authenticated. */
export async function openBundle(input: unknown, signingKey: CryptoKey | undefined): Promise<ThreadBundle> {
  const bundle = input instanceof Uint8Array ? bundleFromBytes(input) : checkBundle(input);
  if (!signingKey) return bundle;
  if (!bundle.mac) throw rejected("the bundle is not signed, but a snapshotSigningKey is set", "signature");
  if (!(await crypto.subtle.verify("HMAC", signingKey, bundle.mac as Uint8Array<ArrayBuffer>, unsignedBytes(bundle)))) {
    throw rejected("its HMAC does not match (edited, or another key)", "signature");
  }
  return bundle;
}

export type { Interrupt };
