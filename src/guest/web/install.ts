/** Installs the web-platform globals every thread has (README, "What the program sees"). */
import type { RandomSource } from "../random.js";
import { atob, btoa } from "./base64-web.js";
import { createCrypto, Crypto } from "./crypto.js";
import { DOMException } from "./dom-exception.js";
import { createIntl, installLocaleMethods } from "./intl.js";
import { structuredClone } from "./structured-clone.js";
import { TextDecoder, TextEncoder } from "./text-encoding.js";
import { URL, URLSearchParams } from "./url.js";

export function installWebPlatform(defineGlobal: (name: string, value: unknown) => void, random: RandomSource): void {
  defineGlobal("URL", URL);
  defineGlobal("URLSearchParams", URLSearchParams);
  defineGlobal("TextEncoder", TextEncoder);
  defineGlobal("TextDecoder", TextDecoder);
  defineGlobal("atob", atob);
  defineGlobal("btoa", btoa);
  defineGlobal("structuredClone", structuredClone);
  defineGlobal("DOMException", DOMException);
  defineGlobal("Crypto", Crypto);
  defineGlobal("crypto", createCrypto(random));
  defineGlobal("Intl", createIntl());
  installLocaleMethods();
}
