/**
 * The host's calls into the guest prelude's internal API (src/guest/prelude.ts): `configure`,
 * `poll`, `settle`, … by name, with string arguments and string results. A call that throws in
 * the guest (an interrupt, out of memory, a prelude bug) becomes a GuestException.
 */
import type { ImagePointers, InternalFunction } from "./base-image.js";
import { GuestCalls, type CallArgument, type ValuePointer } from "./guest-calls.js";
import type { WasmInstance } from "./wasm-instance.js";

/** An internal prelude call threw (interrupt, out of memory, or a prelude bug). */
export class GuestException extends Error {
  override name = "GuestException";
}

export class GuestPort {
  readonly calls: GuestCalls;
  readonly #functions: ImagePointers["functions"];

  constructor(instance: WasmInstance, pointers: ImagePointers) {
    this.calls = new GuestCalls(instance, pointers.rt, pointers.ctx);
    this.#functions = pointers.functions;
  }

  call(name: InternalFunction, args: readonly CallArgument[]): ValuePointer {
    const result = this.calls.call(this.#functions[name], args);
    const exception = this.calls.takeException(result);
    if (exception) {
      const message = this.#describe(exception);
      this.calls.freeValue(exception);
      throw new GuestException(message);
    }
    return result;
  }

  callVoid(name: InternalFunction, args: readonly CallArgument[] = []): void {
    this.calls.freeValue(this.call(name, args));
  }

  callString(name: InternalFunction, args: readonly CallArgument[] = []): string {
    const result = this.call(name, args);
    try {
      return this.calls.readString(result);
    } finally {
      this.calls.freeValue(result);
    }
  }

  /** Best-effort text of a guest exception, for host-side errors; frees nothing. */
  #describe(exception: ValuePointer): string {
    try {
      return this.calls.readString(exception);
    } catch {
      return "unknown guest exception";
    }
  }
}
