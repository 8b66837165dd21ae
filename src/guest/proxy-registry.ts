/**
 * QuickJS offers no way to ask "is this a Proxy?", so the guest's `Proxy` constructor is replaced
 * by one that records every proxy it makes, with its target and handler. The prelude installs it
 * before any user code runs. node-inspect-extracted asks this registry for a proxy's details
 * (scripts/build-prelude.mjs; inspect/chunk-link.ts), so rendering shows the target (as Node
 * does) and never runs a trap — also for proxies made before the inspector was loaded.
 *
 * A proxy whose target is the global object, directly or through other proxies, gets the global
 * object's define guard (global-define-guard.ts) as its `defineProperty` trap whenever its handler
 * has none: without it, the native proxy would define on the global object past the guard.
 */
const NativeProxy = Proxy;
const proxies = new WeakSet<object>();
/** Each recorded proxy's target and handler ([null, null] once revoked). */
const details = new WeakMap<object, [object | null, object | null]>();
const weakMapGet = WeakMap.prototype.get;
const weakMapSet = WeakMap.prototype.set;
const weakSetAdd = WeakSet.prototype.add;
const weakSetHas = WeakSet.prototype.has;
const reflectApply = Reflect.apply;
const reflectGet = Reflect.get;

type DefineTrap = (target: object, key: PropertyKey, attributes: PropertyDescriptor) => boolean;

export function isProxy(value: unknown): boolean {
  return (typeof value === "object" || typeof value === "function") && value !== null && (reflectApply(weakSetHas, proxies, [value]) as boolean);
}

function record(proxy: object, proxyTarget: object, handler: object): void {
  reflectApply(weakSetAdd, proxies, [proxy]);
  reflectApply(weakMapSet, details, [proxy, [proxyTarget, handler]]);
}

/** A recorded proxy's [target, handler] ([null, null] once revoked), else undefined: what node-inspect-extracted asks. */
export function proxyDetails(value: unknown): [object | null, object | null] | undefined {
  return isProxy(value) ? (reflectApply(weakMapGet, details, [value]) as [object | null, object | null]) : undefined;
}

/** Whether `value` is the global object, or a proxy whose chain of targets ends at it. */
function reachesGlobal(value: unknown, global: object): boolean {
  let current = value;
  // A chain is finite: each proxy's target existed before it.
  while (isProxy(current)) current = (reflectApply(weakMapGet, details, [current]) as [object | null, object | null])[0];
  return current === global;
}

/**
 * The handler a proxy of the global object is made with: the program's handler as it is (traps
 * are looked up on it at each operation, as always), except that a missing `defineProperty` trap
 * is the guarded one.
 */
function guardedHandler(handler: object, defineTrap: DefineTrap): object {
  return new NativeProxy(handler, {
    get(own: object, key: PropertyKey, receiver: unknown): unknown {
      const trap = reflectGet(own, key, receiver);
      return key === "defineProperty" && (trap === undefined || trap === null) ? defineTrap : trap;
    },
  });
}

export function installProxyRegistry(target: Record<string, unknown>, defineTrap: DefineTrap): void {
  const handlerFor = (proxyTarget: unknown, handler: unknown): unknown =>
    (typeof handler === "object" || typeof handler === "function") && handler !== null && reachesGlobal(proxyTarget, target) ? guardedHandler(handler, defineTrap) : handler;
  function Proxy(this: unknown, proxyTarget: object, handler: ProxyHandler<object>): object {
    if (!new.target) throw new TypeError("Constructor Proxy requires 'new'");
    const proxy = new NativeProxy(proxyTarget, handlerFor(proxyTarget, handler) as ProxyHandler<object>);
    record(proxy, proxyTarget, handler);
    return proxy;
  }
  Object.defineProperty(Proxy, "revocable", {
    value: function revocable(proxyTarget: object, handler: ProxyHandler<object>) {
      // Recorded too, so that rendering shows the target and runs no trap; revoked, it renders as such.
      const result = NativeProxy.revocable(proxyTarget, handlerFor(proxyTarget, handler) as ProxyHandler<object>);
      record(result.proxy, proxyTarget, handler);
      const revoke = result.revoke;
      result.revoke = function () {
        reflectApply(weakMapSet, details, [result.proxy, [null, null]]);
        revoke();
      };
      return result;
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(target, "Proxy", { value: Proxy, writable: true, configurable: true, enumerable: false });
}
