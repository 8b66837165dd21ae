/**
 * Host values going into the guest (tool and task results): JSON when the value is plain JSON
 * data (the guest parses it natively), devalue otherwise (Map, Set, Date, BigInt, undefined,
 * NaN, cycles). Class instances arrive as plain objects; functions and symbols cannot be sent.
 */
import { valueCodec } from "../result/value-codec.js";

export class PayloadError extends Error {
  override name = "PayloadError";
}

/**
 * True when `value` is plain JSON data that JSON writes as it is: no object met twice (JSON would
 * write a shared one wherever it is referenced: 41 objects can be 2^40 paths), and not surely
 * longer than `budget.chars` once written (what is counted is never more than JSON writes). One
 * step per object and value; anything else goes to devalue, which writes each object once and
 * keeps it shared in the guest.
 */
function isJsonData(value: unknown, depth: number, visited: Set<object>, budget: { chars: number }): boolean {
  switch (typeof value) {
    case "string":
      return (budget.chars -= value.length + 2) >= 0;
    case "boolean":
      return (budget.chars -= 4) >= 0;
    case "number":
      return (budget.chars -= 1) >= 0 && Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return (budget.chars -= 4) >= 0;
      if (depth > 64 || visited.has(value) || (budget.chars -= 2) < 0) return false;
      visited.add(value);
      if (Array.isArray(value)) {
        if (value.length > budget.chars) return false;
        // A hole is not JSON (it would arrive as null): devalue keeps it.
        for (let index = 0; index < value.length; index++) if (!(index in value) || !isJsonData(value[index], depth + 1, visited, budget)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if ((proto !== Object.prototype && proto !== null) || Object.getOwnPropertySymbols(value).length > 0) return false;
      for (const key of Object.keys(value)) {
        if ((budget.chars -= key.length + 3) < 0 || !isJsonData((value as Record<string, unknown>)[key], depth + 1, visited, budget)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Encodes `value` for the guest, or throws PayloadError (too large, or not data). Its size is known
 * before anything is expanded: JSON only for data with no object met twice and within `maxBytes`
 * (isJsonData), devalue otherwise, stopped after `maxBytes / 2` distinct values (each takes at
 * least two characters of its text).
 */
export function encodeForGuest(value: unknown, maxBytes: number): { value?: string; encoding?: "json" | "devalue" } {
  if (value === undefined) return {};
  const tooLarge = () => new PayloadError(`the value is larger than maxToolPayloadBytes (${maxBytes} bytes)`);
  let text: string;
  let encoding: "json" | "devalue";
  if (isJsonData(value, 0, new Set(), { chars: maxBytes })) {
    text = JSON.stringify(value);
    encoding = "json";
  } else {
    let distinctValues = 0;
    try {
      text = valueCodec.get().stringify(value, {
        Obj: (candidate: unknown) => {
          if (++distinctValues > maxBytes / 2) throw tooLarge();
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
      if (error instanceof PayloadError) throw error;
      throw new PayloadError(`the value cannot be sent to the program: ${(error as Error).message}`);
    }
    encoding = "devalue";
  }
  if (payloadTooLarge(text, maxBytes)) throw tooLarge();
  return { value: text, encoding };
}

export function payloadTooLarge(text: string, maxBytes: number): boolean {
  return text.length > maxBytes || (text.length * 3 > maxBytes && utf8Length(text) > maxBytes);
}
