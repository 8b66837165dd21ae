/**
 * The web platform's globals (URL, TextEncoder, structuredClone, crypto, Intl, … and the locale
 * methods of the builtin prototypes), loaded into a thread the first time its program touches one
 * (chunk-bridge-protocol.ts): most threads never do, and the chunk's compiled code would otherwise
 * be in every thread's memory. Until then each global is an accessor of the global object, as
 * Node's lazily loaded globals are: reading it loads the chunk and makes every one of them the
 * plain data property it is from then on; assigning it makes that global the program's value.
 * The locale methods are the core's own, and call the chunk's.
 */
import { loadChunk } from "./chunks.js";
import { INTL_BRIDGE_GLOBAL } from "../intl-bridge-protocol.js";
import { jsonParse, jsonStringify, mapValue, objectDefineProperty, objectGetOwnPropertyDescriptor, reflectApply } from "./intrinsics.js";
import { isProxy } from "./proxy-registry.js";
import type { RandomSource } from "./random.js";
import type { LocaleMethods, WebChunkLink, WebPlatform } from "./web/chunk-link.js";

/** The globals the chunk defines (web/chunk.ts). */
export const WEB_GLOBAL_NAMES = ["URL", "URLSearchParams", "TextEncoder", "TextDecoder", "atob", "btoa", "structuredClone", "DOMException", "Crypto", "crypto", "Intl"] as const;

type Global = Record<string, unknown>;

function dataProperty(value: unknown): PropertyDescriptor {
  return { __proto__: null, value, writable: true, configurable: true, enumerable: false } as PropertyDescriptor;
}

export function installWebGlobals(global: Global, random: RandomSource): void {
  const hostIntl = global[INTL_BRIDGE_GLOBAL] as ((request: string) => unknown) | undefined;
  delete global[INTL_BRIDGE_GLOBAL];
  const link: WebChunkLink = { jsonParse, jsonStringify, reflectApply, isProxy, hostIntl, random };
  const getters = new Map<string, () => unknown>();
  let platform: WebPlatform | null = null;

  function load(): WebPlatform {
    if (platform) return platform;
    const loaded = loadChunk("web", link)?.platform as WebPlatform | undefined;
    if (!loaded) throw new Error("quickbox: the web platform could not be loaded into this thread (its run was interrupted, or its memory is full)");
    platform = loaded;
    // Every global still the accessor made here becomes its value; one the program redefined stays.
    // (An index loop: the program may have replaced the array iterator before this first use.)
    for (let index = 0; index < WEB_GLOBAL_NAMES.length; index++) {
      const name = WEB_GLOBAL_NAMES[index]!;
      const descriptor = objectGetOwnPropertyDescriptor(global, name);
      if (descriptor && descriptor.get === mapValue(getters, name)) objectDefineProperty(global, name, dataProperty(platform.globals[name]));
    }
    return platform;
  }

  for (const name of WEB_GLOBAL_NAMES) {
    // Methods keep the global's name as the accessor functions' names.
    const accessors = {
      get [name]() {
        return load().globals[name];
      },
      set [name](value: unknown) {
        objectDefineProperty(global, name, dataProperty(value));
      },
    };
    const { get, set } = objectGetOwnPropertyDescriptor(accessors, name)!;
    getters.set(name, get!);
    objectDefineProperty(global, name, { __proto__: null, get, set, configurable: true, enumerable: false } as PropertyDescriptor);
  }

  const locale = (): LocaleMethods => load().locale;
  const method = (target: object, name: string, fn: Function): void => void objectDefineProperty(target, name, dataProperty(fn));
  method(Number.prototype, "toLocaleString", function toLocaleString(this: unknown, ...args: unknown[]) {
    return reflectApply(locale().numberToLocaleString, this, args);
  });
  method(BigInt.prototype, "toLocaleString", function toLocaleString(this: unknown, ...args: unknown[]) {
    return reflectApply(locale().bigintToLocaleString, this, args);
  });
  const dateMethods = {
    toLocaleString(this: unknown, ...args: unknown[]) {
      return reflectApply(locale().dateToLocaleString, this, args);
    },
    toLocaleDateString(this: unknown, ...args: unknown[]) {
      return reflectApply(locale().dateToLocaleDateString, this, args);
    },
    toLocaleTimeString(this: unknown, ...args: unknown[]) {
      return reflectApply(locale().dateToLocaleTimeString, this, args);
    },
  };
  for (const [name, fn] of [["toLocaleString", dateMethods.toLocaleString], ["toLocaleDateString", dateMethods.toLocaleDateString], ["toLocaleTimeString", dateMethods.toLocaleTimeString]] as const) method(Date.prototype, name, fn);
  method(String.prototype, "localeCompare", function localeCompare(this: unknown, that: unknown, ...rest: unknown[]) {
    return reflectApply(locale().localeCompare, this, [that, ...rest]);
  });
}
