/**
 * A Map's or Set's members as the thread started with them, for the guest's copy of a value
 * (bounded-copy.ts): a program may replace Map.prototype[Symbol.iterator] (with an endless generator),
 * .entries, .values, the iterators' next, or Array.prototype.flat, or put a setter on Array.prototype[0]
 * (the members are safe lists: safe-collections.ts). Self-contained (captured here, at the prelude's
 * load): intrinsics.ts exports a `then`, which makes its namespace a thenable where a test imports it.
 */
import { newList, type List } from "./safe-collections.js";

const reflectApply = Reflect.apply;
const mapEntries = Map.prototype.entries;
const setValues = Set.prototype.values;
const mapIteratorNext = (Object.getPrototypeOf(new Map().entries()) as Iterator<unknown>).next;
const setIteratorNext = (Object.getPrototypeOf(new Set().values()) as Iterator<unknown>).next;

function drain(iterator: unknown, next: Iterator<unknown>["next"], each: (value: unknown) => void): void {
  for (;;) {
    const step = reflectApply(next, iterator, []) as IteratorResult<unknown>;
    if (step.done) return;
    each(step.value);
  }
}

/** A Map's keys and values, alternating (key, value, key, value…). */
export function mapMembers(map: Map<unknown, unknown>): List<unknown> {
  const members = newList<unknown>();
  drain(reflectApply(mapEntries, map, []), mapIteratorNext, (entry) => {
    // No destructuring: it would call Array.prototype[Symbol.iterator], which the program may have replaced.
    members[members.length] = (entry as unknown[])[0];
    members[members.length] = (entry as unknown[])[1];
  });
  return members;
}

/** A Set's values. */
export function setMembers(set: Set<unknown>): List<unknown> {
  const members = newList<unknown>();
  drain(reflectApply(setValues, set, []), setIteratorNext, (value) => void (members[members.length] = value));
  return members;
}
