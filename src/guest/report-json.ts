/**
 * JSON for the prelude's reports to the host (poll, copyValue, takeOutput, close). JSON.stringify
 * would consult `toJSON` on every object and array it meets, inherited ones included: a program
 * that plants `Object.prototype.toJSON` (or `Array.prototype.toJSON`) could rewrite the reports,
 * or make them grow until memory runs out while the host waits for them. Reports are the
 * prelude's own plain data (objects it built, arrays, strings, numbers, booleans, null), so this
 * encoder walks own keys only and quotes strings with the captured JSON.stringify, which runs no
 * guest code for a primitive. Nothing here reads a property a program could replace.
 *
 * While no toJSON can be inherited (none on Object.prototype or Array.prototype, and arrays still
 * inherit from Object.prototype) the captured JSON.stringify itself is just as safe on these
 * values, and faster on large reports (a poll with 256 calls): it is used then — unless an index
 * property sits where QuickJS's JSON.stringify would meet it: it keeps the objects it is inside in
 * an internal array (index 0 for the report, 1 for a list in it, …), and an accessor a program put
 * on Array.prototype[0] or Object.prototype[1] runs on it (or drops the entry: the report is wrong).
 * No template literal with a value here: QuickJS makes it a call of String.prototype.concat.
 */
import { isArray, jsonStringify, objectGetPrototypeOf, objectKeys, objectPrototype } from "./intrinsics.js";

const objectHasOwn = Object.hasOwn;
const arrayPrototype = Array.prototype;
/** The deepest a report nests: a poll's report, its calls, a call. */
const MAX_REPORT_NESTING = 3;

function nativeStringifyIsSafe(): boolean {
  if (objectHasOwn(objectPrototype, "toJSON") || objectHasOwn(arrayPrototype, "toJSON") || objectGetPrototypeOf(arrayPrototype) !== objectPrototype) return false;
  // An index property of Array.prototype makes its length more than 0 (its own indexes are below it).
  if (arrayPrototype.length !== 0) return false;
  for (let index = 0; index < MAX_REPORT_NESTING; index++) if (objectHasOwn(objectPrototype, index)) return false;
  return true;
}

export function encodeReport(value: unknown): string {
  return nativeStringifyIsSafe() ? (jsonStringify(value) as string) : encodeValue(value);
}

function encodeValue(value: unknown): string {
  switch (typeof value) {
    case "string":
    case "number":
      // A primitive: no toJSON is consulted; non-finite numbers become null, as in JSON.
      return jsonStringify(value) as string;
    case "boolean":
      return value ? "true" : "false";
    case "object":
      if (value === null) return "null";
      if (isArray(value)) {
        let text = "[";
        for (let i = 0; i < value.length; i++) text += (i ? "," : "") + (value[i] === undefined ? "null" : encodeValue(value[i]));
        return text + "]";
      }
      return encodeObject(value as Record<string, unknown>);
    default:
      return "null";
  }
}

function encodeObject(object: Record<string, unknown>): string {
  const keys = objectKeys(object);
  let text = "{";
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = object[key];
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    text += (first ? "" : ",") + (jsonStringify(key) as string) + ":" + encodeValue(item);
    first = false;
  }
  return text + "}";
}
