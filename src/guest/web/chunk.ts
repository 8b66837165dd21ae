/**
 * The web platform chunk's entry (scripts/build-prelude.mjs bundles it apart from the core): the
 * globals of README "What the program sees" that the core defines as loading on first use
 * (web-globals.ts). Its code runs once per thread, when the chunk is loaded.
 */
import { atob, btoa } from "./base64-web.js";
import { createCrypto, Crypto } from "./crypto.js";
import { DOMException } from "./dom-exception.js";
import { createIntl, localeMethods } from "./intl.js";
import { random, type WebPlatform } from "./chunk-link.js";
import { structuredClone } from "./structured-clone.js";
import { TextDecoder, TextEncoder } from "./text-encoding.js";
import { URL, URLSearchParams } from "./url.js";

/** The minifier renames classes and drops function expressions' names: give each function the name Node's has. */
function nameFunctions(owner: Record<string, unknown>, names: readonly string[]): void {
  // Runs when the chunk loads, after programs ran: no array iterator (scripts/builtin-captures.mjs captures the rest).
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    const fn = owner[name];
    if (typeof fn === "function") Object.defineProperty(fn, "name", { value: name, writable: false, enumerable: false, configurable: true });
  }
}

const globals: Record<string, unknown> = { URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, DOMException, Crypto, crypto: createCrypto(random), Intl: createIntl() };
nameFunctions(globals, Object.keys(globals));
nameFunctions(globals.crypto as Record<string, unknown>, ["getRandomValues", "randomUUID"]);
nameFunctions(globals.Intl as Record<string, unknown>, ["getCanonicalLocales"]);

export const platform: WebPlatform = { globals, locale: localeMethods() };
