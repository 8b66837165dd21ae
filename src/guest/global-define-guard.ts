/**
 * QuickJS (quickjs-emscripten 0.32.0) lets `Object.defineProperty` change the value of a
 * non-writable, non-configurable property of the global object (any other object throws, as the
 * language requires): `task`, `undefined`, `NaN` and the cell helpers could be redefined. The
 * prelude puts these guards in front of `Object.defineProperty`, `Object.defineProperties` and
 * `Reflect.defineProperty`. Other targets go straight to the native function; for the global
 * object, each descriptor is read once (as the native would) and a changed value of a frozen
 * property fails as it would on any other object.
 *
 * The one other way to the global object's own [[DefineOwnProperty]] is a Proxy of it (or of a
 * proxy of it) without a `defineProperty` trap: the native proxy forwards to its target without
 * any of the functions above. The guest's Proxy constructor (proxy-registry.ts) gives such proxies
 * `reflectDefineProperty` below as their default trap. (Assignment, Object.assign, class fields,
 * `__defineGetter__` and super property sets were tried too: QuickJS refuses them itself.)
 */
import { objectDefineProperty, objectGetOwnPropertyDescriptor, reflectApply } from "./intrinsics.js";

const DESCRIPTOR_FIELDS = ["enumerable", "configurable", "value", "writable", "get", "set"] as const;
const nativeDefineProperty = Object.defineProperty;
const nativeDefineProperties = Object.defineProperties;
const nativeReflectDefineProperty = Reflect.defineProperty;
const reflectOwnKeys = Reflect.ownKeys;
const objectIs = Object.is;
const NativeTypeError = TypeError;
const NativeObject = Object;

/** ToPropertyDescriptor: each field read once, in the language's order, into a null-prototype copy. */
function readDescriptor(attributes: unknown): PropertyDescriptor {
  if ((typeof attributes !== "object" && typeof attributes !== "function") || attributes === null) throw new NativeTypeError("not an object");
  const copy = { __proto__: null } as Record<string, unknown>;
  for (let i = 0; i < DESCRIPTOR_FIELDS.length; i++) {
    const field = DESCRIPTOR_FIELDS[i]!;
    if (field in (attributes as object)) copy[field] = (attributes as Record<string, unknown>)[field];
  }
  return copy as PropertyDescriptor;
}

/** ToPropertyKey, once (a key object's toString or Symbol.toPrimitive runs one time). */
function propertyKey(key: unknown): PropertyKey {
  return reflectOwnKeys({ [key as PropertyKey]: 0 })[0]!;
}

/** Would this change the value of a non-writable, non-configurable data property? */
function changesFrozenValue(global: object, key: PropertyKey, descriptor: PropertyDescriptor): boolean {
  if (!("value" in descriptor)) return false;
  const existing = objectGetOwnPropertyDescriptor(global, key);
  if (!existing || existing.configurable || existing.get || existing.set || existing.writable) return false;
  return !objectIs(existing.value, descriptor.value);
}

function frozenError(key: PropertyKey): TypeError {
  return new NativeTypeError(`Cannot redefine property: ${String(key)}`);
}

export interface GlobalDefineGuards {
  /** Reflect.defineProperty, guarded for the global object (also a proxy's default trap, see above). */
  reflectDefineProperty(target: object, key: PropertyKey, attributes: PropertyDescriptor): boolean;
}

export function guardGlobalDefines(global: object): GlobalDefineGuards {
  const guards = {
    defineProperty(target: object, key: PropertyKey, attributes: PropertyDescriptor): object {
      if (target !== global) return reflectApply(nativeDefineProperty, NativeObject, [target, key, attributes]) as object;
      const name = propertyKey(key);
      const descriptor = readDescriptor(attributes);
      if (changesFrozenValue(global, name, descriptor)) throw frozenError(name);
      return objectDefineProperty(target, name, descriptor);
    },
    defineProperties(target: object, properties: PropertyDescriptorMap): object {
      if (target !== global) return reflectApply(nativeDefineProperties, NativeObject, [target, properties]) as object;
      const source = NativeObject(properties) as Record<PropertyKey, unknown>;
      const descriptors = { __proto__: null } as unknown as PropertyDescriptorMap;
      const keys = reflectOwnKeys(source);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const own = objectGetOwnPropertyDescriptor(source, key);
        if (!own?.enumerable) continue;
        const descriptor = readDescriptor(source[key as string]);
        if (changesFrozenValue(global, key, descriptor)) throw frozenError(key);
        (descriptors as Record<PropertyKey, PropertyDescriptor>)[key as string] = descriptor;
      }
      return reflectApply(nativeDefineProperties, NativeObject, [target, descriptors]) as object;
    },
    reflectDefineProperty(target: object, key: PropertyKey, attributes: PropertyDescriptor): boolean {
      if (target !== global) return reflectApply(nativeReflectDefineProperty, undefined, [target, key, attributes]) as boolean;
      const name = propertyKey(key);
      const descriptor = readDescriptor(attributes);
      if (changesFrozenValue(global, name, descriptor)) return false;
      return reflectApply(nativeReflectDefineProperty, undefined, [target, name, descriptor]) as boolean;
    },
  };
  const install = (holder: object, name: string, fn: (...args: never[]) => unknown) => {
    objectDefineProperty(fn, "name", { __proto__: null, value: name, configurable: true } as PropertyDescriptor);
    objectDefineProperty(holder, name, { __proto__: null, value: fn, writable: true, enumerable: false, configurable: true } as PropertyDescriptor);
  };
  install(Object, "defineProperty", guards.defineProperty);
  install(Object, "defineProperties", guards.defineProperties);
  install(Reflect, "defineProperty", guards.reflectDefineProperty);
  return { reflectDefineProperty: guards.reflectDefineProperty };
}
