/**
 * Host values going into the guest (tool and task results): JSON when the value is plain JSON
 * data (the guest parses it natively), devalue otherwise (Map, Set, Date, BigInt, undefined,
 * NaN, cycles). Class instances arrive as plain objects; functions and symbols cannot be sent.
 */
import { stringify } from "devalue";

export class PayloadError extends Error {
  override name = "PayloadError";
}

/**
 * True when `value` is plain JSON data whose JSON text can fit in the budget: the walk is a tree
 * walk (shared references expand, as JSON.stringify expands them), so it stops once it has
 * counted more characters than the budget — a result built of shared references (2^40 paths in
 * a few hundred objects) costs at most the budget here, and goes to devalue, which keeps them shared.
 */
function isJsonData(value: unknown, depth: number, seen: Set<object>, budget: { chars: number }): boolean {
  switch (typeof value) {
    case "string":
      return (budget.chars -= value.length + 2) >= 0;
    case "boolean":
      return (budget.chars -= 5) >= 0;
    case "number":
      return (budget.chars -= 6) >= 0 && Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return (budget.chars -= 4) >= 0;
      if (depth > 64 || seen.has(value) || (budget.chars -= 2) < 0) return false;
      seen.add(value);
      let ok: boolean;
      if (Array.isArray(value)) {
        ok =
          value.length <= budget.chars &&
          value.length === Object.keys(value).length &&
          value.every((item) => (budget.chars -= 1) >= 0 && isJsonData(item, depth + 1, seen, budget));
      } else {
        const proto = Object.getPrototypeOf(value);
        ok =
          (proto === Object.prototype || proto === null) &&
          Object.getOwnPropertySymbols(value).length === 0 &&
          Object.entries(value).every(([key, item]) => (budget.chars -= key.length + 4) >= 0 && isJsonData(item, depth + 1, seen, budget));
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

/**
 * Encodes `value` for the guest, or throws PayloadError (too large, or not data). Its size is known
 * before anything is expanded: the JSON check stops at `maxBytes` characters, and devalue (which
 * writes each object once, however often it is referenced) stops after `maxBytes / 2` distinct
 * values (each takes at least two characters of its text).
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
      text = stringify(value, {
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
