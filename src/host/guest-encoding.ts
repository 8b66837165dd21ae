/**
 * Host values going into the guest (tool and task results): JSON when the value is plain JSON
 * data (the guest parses it natively), devalue otherwise (Map, Set, Date, BigInt, undefined,
 * NaN, cycles). Class instances arrive as plain objects; functions and symbols cannot be sent.
 */
import { valueCodec } from "../result/value-codec.js";

export class PayloadError extends Error {
  override name = "PayloadError";
}

function isJsonData(value: unknown, depth: number, seen: Set<object>): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (depth > 64 || seen.has(value)) return false;
      seen.add(value);
      let ok: boolean;
      if (Array.isArray(value)) {
        ok = value.length === Object.keys(value).length && value.every((item) => isJsonData(item, depth + 1, seen));
      } else {
        const proto = Object.getPrototypeOf(value);
        ok =
          (proto === Object.prototype || proto === null) &&
          Object.getOwnPropertySymbols(value).length === 0 &&
          Object.values(value).every((item) => isJsonData(item, depth + 1, seen));
      }
      seen.delete(value);
      return ok;
    }
    default:
      return false;
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Encodes `value` for the guest, or throws PayloadError (too large, or not data). */
export function encodeForGuest(value: unknown, maxBytes: number): { value?: string; encoding?: "json" | "devalue" } {
  if (value === undefined) return {};
  let text: string;
  let encoding: "json" | "devalue";
  if (isJsonData(value, 0, new Set())) {
    text = JSON.stringify(value);
    encoding = "json";
  } else {
    try {
      text = valueCodec.get().stringify(value, {
        Obj: (candidate: unknown) => {
          if (typeof candidate !== "object" || candidate === null || Array.isArray(candidate)) return undefined;
          const proto = Object.getPrototypeOf(candidate);
          if (proto === Object.prototype || proto === null) return undefined;
          if (candidate instanceof Map || candidate instanceof Set || candidate instanceof Date || candidate instanceof RegExp) return undefined;
          if (ArrayBuffer.isView(candidate) || candidate instanceof ArrayBuffer) return undefined;
          if (candidate instanceof Error) return { name: candidate.name, message: candidate.message };
          return { ...candidate };
        },
      });
    } catch (error) {
      throw new PayloadError(`the value cannot be sent to the program: ${(error as Error).message}`);
    }
    encoding = "devalue";
  }
  if (text.length > maxBytes || (text.length * 3 > maxBytes && utf8Length(text) > maxBytes)) {
    throw new PayloadError(`the value is larger than maxToolPayloadBytes (${maxBytes} bytes)`);
  }
  return { value: text, encoding };
}

export function payloadTooLarge(text: string, maxBytes: number): boolean {
  return text.length > maxBytes || (text.length * 3 > maxBytes && utf8Length(text) > maxBytes);
}
