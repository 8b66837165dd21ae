/**
 * Calls from the guest to the host (tools and task()). A call becomes a guest promise whose
 * resolve/reject live here, on the guest heap, keyed by call id — no host handle is involved, so
 * pending calls survive snapshots. New calls wait in an outbox the host drains when it polls;
 * results come back in batches through `settle`.
 */
import { parse as parseDevalue } from "devalue";
import type { CallError, CallKind, CallResult, GuestCall } from "../engine-contract.js";
import { decodeBase64 } from "./base64.js";
import { clearMap, jsonParse, jsonStringify, sliceArray } from "./intrinsics.js";
import { noteActivity } from "./activity.js";

type Resolvers = [resolve: (value: unknown) => void, reject: (error: unknown) => void];

/**
 * The host sends class instances and errors as plain objects ("Obj", see host/guest-encoding)
 * and binary data as base64 (devalue's own decoder needs atob, which the guest does not have).
 */
const RESULT_REVIVERS = {
  Obj: (value: unknown) => value,
  ArrayBuffer: (base64: unknown) => decodeBase64(String(base64)),
};

export interface HostCalls {
  request(kind: CallKind, name: string, args: unknown): Promise<unknown>;
  /** New calls since the last drain, in order, until their arguments pass `maxChars` (at least one). */
  drain(maxChars?: number): GuestCall[];
  settle(results: CallResult[]): void;
  /** Forgets every pending call (the eval ended; late results are ignored). */
  abandonAll(): void;
  readonly pendingCount: number;
  /** Calls made since the last drain (not yet handed to the host). */
  readonly queuedCount: number;
}

export function callError(error: CallError): Error {
  const made = new Error(error.message);
  made.name = error.name;
  if (error.details) Object.assign(made, error.details);
  return made;
}

/**
 * Arguments travel as JSON. Values JSON would silently turn into `{}` (Map, Set, binary data) or
 * cannot encode (BigInt) are refused with a message saying what to send instead.
 */
function jsonArgument(key: string, value: unknown): unknown {
  const where = key === "" ? "the argument" : `property ${jsonStringify(key)}`;
  if (typeof value === "bigint") throw new TypeError(`${where} is a BigInt: send it as a string or a number`);
  if (value instanceof Map) throw new TypeError(`${where} is a Map: send Object.fromEntries(map) or [...map]`);
  if (value instanceof Set) throw new TypeError(`${where} is a Set: send [...set]`);
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) throw new TypeError(`${where} is binary data: send an array of numbers or a string`);
  return value;
}

function isOutOfMemory(error: unknown): boolean {
  try {
    return error instanceof Error && error.name === "InternalError" && error.message === "out of memory";
  } catch {
    return false;
  }
}

export function createHostCalls(): HostCalls {
  const pending = new Map<string, Resolvers>();
  let outbox: GuestCall[] = [];
  let nextId = 1;

  return {
    request(kind, name, args) {
      let text: string | undefined;
      try {
        text = args === undefined ? "{}" : jsonStringify(args);
        // A Map, Set or typed array shows as {} or {"0":…}: only then look closer (a replacer
        // function on every value would make large arguments several times slower).
        if (text !== undefined && (text.includes("{}") || text.includes('{"0":'))) jsonStringify(args, jsonArgument);
      } catch (error) {
        let reason = error;
        // A look for a more precise reason walks the arguments again, with a replacer called per
        // value: not after running out of memory (it would, again, after as long a walk).
        if (!isOutOfMemory(error)) {
          try {
            jsonStringify(args, jsonArgument);
          } catch (precise) {
            reason = precise;
          }
        }
        return Promise.reject(new TypeError(`${name}: the arguments cannot be sent to the host: ${reason instanceof Error ? reason.message : String(reason)}`));
      }
      if (text === undefined) return Promise.reject(new TypeError(`${name}: the arguments must be JSON data, got ${typeof args}`));
      const id = `c${nextId++}`;
      return new Promise((resolve, reject) => {
        noteActivity();
        pending.set(id, [resolve, reject]);
        outbox.push({ id, kind, name, args: text! });
      });
    },
    drain(maxChars = Infinity) {
      let count = 0;
      let chars = 0;
      while (count < outbox.length && chars < maxChars) chars += outbox[count++]!.args.length;
      if (count === outbox.length) {
        const calls = outbox;
        outbox = [];
        return calls;
      }
      const calls = sliceArray(outbox, 0, count);
      outbox = sliceArray(outbox, count);
      return calls;
    },
    settle(results) {
      for (const result of results) {
        const resolvers = pending.get(result.id);
        if (!resolvers) continue;
        pending.delete(result.id);
        if (!result.ok) {
          resolvers[1](callError(result.error ?? { name: "ToolError", message: "the call failed" }));
          continue;
        }
        try {
          const value =
            result.value === undefined ? undefined : result.encoding === "devalue" ? parseDevalue(result.value, RESULT_REVIVERS) : jsonParse(result.value);
          resolvers[0](value);
        } catch (error) {
          resolvers[1](error);
        }
      }
    },
    abandonAll() {
      // The original: the host calls this when the eval ends, whatever the program replaced.
      clearMap(pending);
      outbox = [];
    },
    get pendingCount() {
      return pending.size;
    },
    get queuedCount() {
      return outbox.length;
    },
  };
}
