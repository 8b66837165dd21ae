/**
 * Programs for the value-copy tamper tests (guest-forgery-suite.ts, §10): a value with every kind of
 * thing the guest's copy writes (src/guest/bounded-copy.ts), and a program that, once the value is
 * made, replaces the built-ins of its own thread the copy could meet.
 */

/** A statement that makes `value`: nested plain objects, arrays (sparse too), Map, Set, Date, RegExp, boxed primitives, binary data, an Error, a class instance, repeats, BigInts. */
export const RICH_VALUE = `const value = (() => {
  class Point { constructor() { this.x = 1; this.y = [2, 3]; } get sum() { return this.x; } }
  const shared = new ArrayBuffer(8);
  new Uint8Array(shared).set([1, 2, 3, 4, 5, 6, 7, 8]);
  const long = "long ".repeat(30);
  const sparse = [1, , 3]; sparse[9] = 10;
  const veryHoley = []; veryHoley[0] = "a"; veryHoley[500] = "b";
  const owned = Object.create(null); owned.n = 1;
  return {
    plain: { a: 1, nested: { b: [true, null, undefined, -0, NaN, 1.5, Infinity] } },
    sparse, veryHoley, owned,
    map: new Map([["k", { v: 1 }], [2, "two"]]), set: new Set([1, "s", long]),
    date: new Date(0), badDate: new Date(NaN), regexp: /a[b]c/dgimsy, unicodeSets: /[a]/v, empty: new RegExp(""),
    boxed: [new Number(4), new String("str"), new Boolean(false)],
    bytes: new Uint8Array(shared, 2, 4), view: new DataView(shared, 1, 3), floats: new Float64Array([1.5, -2]), buffer: shared,
    error: new TypeError("bad"), point: new Point(),
    longs: [long, long, long, long], big: 12345678901234567890n, small: -5n,
  };
})();`;

/**
 * A statement that replaces, with `replacement` (the text of a function), every configurable method
 * and accessor of the copy's intrinsics — Object, Array, Map, Set, WeakMap, WeakSet, String, Number,
 * Boolean, BigInt, Symbol, Date, RegExp, Error, ArrayBuffer, SharedArrayBuffer, DataView and the typed
 * arrays, their prototypes, JSON, Reflect, Math, the iterator prototypes — defines Symbol.hasInstance
 * on each constructor, and puts accessors on Array.prototype's and Object.prototype's first indexes
 * and on Object.prototype's descriptor fields (get, set, writable, enumerable, configurable).
 * `except`: "Owner.key" names left as they are. The program captures what it needs first.
 */
export function replaceBuiltins(replacement: string, except: readonly string[] = []): string {
  return `(() => {
  const { ownKeys, getOwnPropertyDescriptor, defineProperty } = Reflect;
  const replace = ${replacement};
  const except = ${JSON.stringify(except)};
  const TypedArray = Object.getPrototypeOf(Uint8Array);
  const iterators = [[][Symbol.iterator](), new Map().entries(), new Set().values(), ""[Symbol.iterator](), /a/[Symbol.matchAll]("")].map((it) => Object.getPrototypeOf(it));
  iterators.push(Object.getPrototypeOf(iterators[0]));
  const constructors = { Object, Array, Map, Set, WeakMap, WeakSet, String, Number, Boolean, BigInt, Symbol, Date, RegExp, Error, TypeError, ArrayBuffer, SharedArrayBuffer, DataView, TypedArray, Uint8Array, Float64Array };
  const owners = [];
  for (const [name, c] of Object.entries(constructors)) owners.push([name, c], [name + ".prototype", c.prototype]);
  owners.push(["JSON", JSON], ["Reflect", Reflect], ["Math", Math], ...iterators.map((p, i) => ["iterator" + i, p]));
  const plans = [];
  const plan = (ownerName, owner, key, descriptor) => {
    if (!except.includes(ownerName + "." + String(key))) plans.push([owner, key, { __proto__: null, ...descriptor, configurable: true }]);
  };
  for (const [name, owner] of owners) {
    for (const key of ownKeys(owner)) {
      const descriptor = getOwnPropertyDescriptor(owner, key);
      if (!descriptor.configurable || key === "constructor") continue;
      if (descriptor.get || descriptor.set) plan(name, owner, key, { get: replace, set: replace });
      else if (typeof descriptor.value === "function") plan(name, owner, key, { value: replace, writable: true });
    }
  }
  for (const [name, c] of Object.entries(constructors)) plan(name, c, Symbol.hasInstance, { value: replace });
  for (let i = 0; i < 12; i++) plan("Array.prototype", Array.prototype, i, { get: replace, set: replace });
  for (let i = 0; i < 4; i++) plan("Object.prototype", Object.prototype, i, { get: replace, set: replace });
  for (const key of ["get", "set", "writable", "enumerable", "configurable"]) plan("Object.prototype", Object.prototype, key, { get: replace, set: replace });
  for (let i = 0; i < plans.length; i++) defineProperty(plans[i][0], plans[i][1], plans[i][2]);
  return plans.length;
})();`;
}
