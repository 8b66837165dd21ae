// expect: ok
// category: tampering
// next-eval: any
// The prelude checks `instanceof Error/Promise/Map`: lying about it must not break the host.
Object.defineProperty(Error, Symbol.hasInstance, { value: () => true });
Object.defineProperty(Promise, Symbol.hasInstance, { value: () => true });
Object.defineProperty(Map, Symbol.hasInstance, { value: () => true });
({ plain: 1 })
