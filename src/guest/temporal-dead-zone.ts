/**
 * A cell's top-level `let`, `const` and `class` names are global properties (REPL bindings, see
 * cell-globals.ts), so QuickJS alone would let the cell use them before their declaration
 * (`x = 1; const x = 2` ran and gave 1). The cell transform makes its first statement
 * `__quickbox_tdz__(names)`: each name becomes an accessor that throws V8's ReferenceError
 * (`Cannot access 'x' before initialization`) until its declaration runs and replaces it. When
 * the eval ends, a name whose declaration never ran (the cell threw first) gets back what it was
 * before the cell, so a failed cell leaves no trap behind.
 */
import { objectDefineProperty, objectGetOwnPropertyDescriptor, reflectDeleteProperty } from "./intrinsics.js";

type Global = Record<string, unknown>;

const NativeReferenceError = ReferenceError;

interface DeadZone {
  name: string;
  accessor: () => never;
  before: PropertyDescriptor | undefined;
}
let open: DeadZone[] = [];

export function enterDeadZones(global: Global, names: string[]): void {
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const before = objectGetOwnPropertyDescriptor(global, name);
    // A var or function of an earlier cell that cannot be replaced keeps the name (as before).
    if (before && !before.configurable) continue;
    const accessor = {
      [name](): never {
        throw new NativeReferenceError(`Cannot access '${name}' before initialization`);
      },
    }[name]!;
    objectDefineProperty(global, name, { __proto__: null, get: accessor, set: accessor, enumerable: true, configurable: true } as PropertyDescriptor);
    open.push({ name, accessor, before });
  }
}

/** The eval ended: names still in their dead zone get back what they were before the cell. */
export function releaseDeadZones(global: Global): void {
  const zones = open;
  open = [];
  for (let i = zones.length - 1; i >= 0; i--) {
    const { name, accessor, before } = zones[i]!;
    if (objectGetOwnPropertyDescriptor(global, name)?.get !== accessor) continue;
    if (before) objectDefineProperty(global, name, { __proto__: null, ...before } as PropertyDescriptor);
    else reflectDeleteProperty(global, name);
  }
}
