/**
 * QuickJS offers no way to ask "is this a Proxy?", so the guest's `Proxy` constructor is replaced
 * by one that records every proxy it makes. The prelude installs it before any user code runs.
 * Proxies are made through node-inspect-extracted's wrapper, which remembers target and handler,
 * so rendering shows the target (as Node does) and never runs a trap.
 */
import { Proxy as InspectableProxy } from "node-inspect-extracted";

const NativeProxy = Proxy;
const proxies = new WeakSet<object>();

export function isProxy(value: unknown): boolean {
  return (typeof value === "object" || typeof value === "function") && value !== null && proxies.has(value);
}

export function installProxyRegistry(target: Record<string, unknown>): void {
  function Proxy(this: unknown, proxyTarget: object, handler: ProxyHandler<object>): object {
    if (!new.target) throw new TypeError("Constructor Proxy requires 'new'");
    const proxy = new (InspectableProxy as ProxyConstructor)(proxyTarget, handler);
    proxies.add(proxy);
    return proxy;
  }
  Object.defineProperty(Proxy, "revocable", {
    value: function revocable(proxyTarget: object, handler: ProxyHandler<object>) {
      // Through the inspectable wrapper too, so that rendering shows the target and runs no trap.
      const result = (InspectableProxy as unknown as { revocable: typeof NativeProxy.revocable }).revocable(proxyTarget, handler);
      proxies.add(result.proxy);
      return result;
    },
    writable: true,
    configurable: true,
  });
  Object.defineProperty(target, "Proxy", { value: Proxy, writable: true, configurable: true, enumerable: false });
}
