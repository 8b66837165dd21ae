/** An adapter's interpreter: created on first use, shared afterwards, disposable once. */
import { QuickboxError } from "../errors.js";
import type { Interpreter } from "../types.js";

export interface LazyInterpreter {
  get(): Promise<Interpreter>;
  dispose(): Promise<void>;
}

/** `owner` names what was disposed in the DISPOSED error ("this code tool was disposed"). */
export function lazyInterpreter(create: () => Promise<Interpreter>, owner = "code tool"): LazyInterpreter {
  let created: Promise<Interpreter> | undefined;
  let disposed = false;
  return {
    async get() {
      if (disposed) throw new QuickboxError("DISPOSED", `this ${owner} was disposed`);
      // A failed creation is not cached: the next call tries again.
      created ??= create().catch((error: unknown) => {
        created = undefined;
        throw error;
      });
      return created;
    },
    async dispose() {
      disposed = true;
      const pending = created;
      created = undefined;
      const interpreter = await pending?.catch(() => undefined);
      await interpreter?.dispose();
    },
  };
}
