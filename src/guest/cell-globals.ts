/**
 * Globals that rewritten cells call (see engine/top-level-bindings.ts and engine/cell-shapes.ts).
 * A cell's top-level `const x = v` becomes `{let __quickbox_sink0 = __quickbox_const__("x", v); }`:
 * x is a global accessor whose setter throws as an assignment to a constant does, and which the
 * next run of the declaration replaces (REPL rebinding). `let` and `class` declarations define an
 * ordinary global in its place (`__quickbox_bind__`). Until its declaration runs, each such name is in its
 * temporal dead zone (temporal-dead-zone.ts). The helpers are non-writable and non-configurable; a
 * program can shadow them only in its own scopes.
 */
import { CELL_GLOBALS } from "./cell-global-names.js";
import { rewordError } from "./node-errors.js";
import { enterDeadZones } from "./temporal-dead-zone.js";
import { isArray, NativeTypeError, objectDefineProperty, objectGetOwnPropertyDescriptor, reflectApply, reflectDeleteProperty } from "./intrinsics.js";

type Global = Record<string, unknown>;

function isConstantAccessor(global: Global, name: string): boolean {
  const descriptor = objectGetOwnPropertyDescriptor(global, name);
  return descriptor !== undefined && descriptor.configurable === true && typeof descriptor.set === "function" && (reflectApply(weakSetHas, constantSetters, [descriptor.set]) as boolean);
}

const constantSetters = new WeakSet<object>();
const weakSetHas = WeakSet.prototype.has;
const weakSetAdd = WeakSet.prototype.add;

function defineConstant(global: Global, name: string, value: unknown): void {
  const existing = objectGetOwnPropertyDescriptor(global, name);
  if (existing && !existing.configurable) {
    // A `var` or function of an earlier cell holds the name and cannot be replaced: assign it.
    global[name] = value;
    return;
  }
  const setter = {
    [name](): never {
      throw new NativeTypeError("Assignment to constant variable.");
    },
  }[name]!;
  reflectApply(weakSetAdd, constantSetters, [setter]);
  // Null-prototype descriptors: a program's accessors on Object.prototype must not add fields.
  objectDefineProperty(global, name, {
    __proto__: null,
    get: { [name]: () => value }[name],
    set: setter,
    enumerable: true,
    configurable: true,
  } as PropertyDescriptor);
}

/** An ordinary global (a `let`, a class, a published function); replaces a constant or a dead zone. */
function defineBinding(global: Global, name: string, value: unknown): void {
  const existing = objectGetOwnPropertyDescriptor(global, name);
  if (existing && !existing.configurable) global[name] = value;
  else objectDefineProperty(global, name, { __proto__: null, value, writable: true, enumerable: true, configurable: true } as PropertyDescriptor);
}

/** The helpers, left for the base image builder on a temporary global (see bindCellGlobals). */
export function installCellGlobals(global: Global): void {
  const helpers = {
    constant(names: unknown, values: unknown): void {
      if (isArray(names)) {
        const list = values as unknown[];
        for (let i = 0; i < names.length; i++) defineConstant(global, names[i] as string, list[i]);
      } else defineConstant(global, names as string, values);
    },
    binding(names: unknown, values: unknown): void {
      if (isArray(names)) {
        const list = values as unknown[];
        for (let i = 0; i < names.length; i++) defineBinding(global, names[i] as string, list[i]);
      } else defineBinding(global, names as string, values);
    },
    variable(names: unknown, value: unknown): unknown {
      const list = isArray(names) ? (names as string[]) : [names as string];
      for (let i = 0; i < list.length; i++) if (isConstantAccessor(global, list[i]!)) reflectDeleteProperty(global, list[i]!);
      return value;
    },
    deadZones(names: string[]): void {
      enterDeadZones(global, names);
    },
    error: rewordError,
    pattern(value: unknown, ifUndefined: string, ifNull: string, ifNotIterable?: string): unknown {
      if (value === undefined) throw new NativeTypeError(ifUndefined);
      if (value === null) throw new NativeTypeError(ifNull);
      if (ifNotIterable !== undefined && typeof (value as Record<symbol, unknown>)[Symbol.iterator] !== "function") throw new NativeTypeError(ifNotIterable);
      return value;
    },
    publish(name: string, value: unknown): void {
      defineBinding(global, name, value);
    },
  };
  objectDefineProperty(global, CELL_GLOBALS.handover, { __proto__: null, value: helpers, writable: false, enumerable: false, configurable: true } as PropertyDescriptor);
}
