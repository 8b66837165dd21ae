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

export const platform: WebPlatform = {
  globals: { URL, URLSearchParams, TextEncoder, TextDecoder, atob, btoa, structuredClone, DOMException, Crypto, crypto: createCrypto(random), Intl: createIntl() },
  locale: localeMethods(),
};
