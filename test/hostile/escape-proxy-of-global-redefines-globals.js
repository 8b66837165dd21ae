// expect: ok
// category: escape
// expect-value: ["function","undefined","NaN","Infinity"]
// A proxy of globalThis without a defineProperty trap forwards to the global object's own
// [[DefineOwnProperty]]: it must meet the same guard as Object.defineProperty(globalThis, …).
for (const name of ['task', 'undefined', 'NaN', 'Infinity']) {
  try { Object.defineProperty(new Proxy(globalThis, {}), name, { value: 5 }) } catch {}
  try { Reflect.defineProperty(new Proxy(new Proxy(globalThis, {}), {}), name, { value: 5 }) } catch {}
  try { Object.defineProperties(Proxy.revocable(globalThis, {}).proxy, { [name]: { value: 5 } }) } catch {}
}
[typeof task, String(undefined), String(NaN), String(Infinity)]
