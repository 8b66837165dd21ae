/**
 * A capability loaded on first use: one dynamic import, cached. `load()` starts it (or returns the
 * same promise); `get()` is for synchronous code that runs only after a load (it throws, naming the
 * capability, when nothing loaded it first — a bug, not a user error).
 */
export interface LazyModule<T> {
  load(): Promise<T>;
  get(): T;
}

export function lazyModule<T>(name: string, importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      // A failed import is not cached: the next use tries again.
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get() {
      if (loaded === undefined) throw new Error(`quickbox internal error: ${name} is used before it was loaded`);
      return loaded;
    },
  };
}
