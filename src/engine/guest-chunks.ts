/**
 * Loading a chunk of the guest prelude into a thread on first use (chunk-bridge-protocol.ts): called
 * from inside the guest's call of the chunk bridge, it compiles the chunk as the base image builder
 * compiled the core (prelude-evaluation.ts): without debug information, its pieces one at a time in
 * the scope of the chunk's wrapper, which gets the pristine `eval`, the core's captured built-ins
 * (both kept in the image since it was built) and the core's link. Returns the chunk's exports for
 * the guest (a value pointer QuickJS takes over). When a piece threw (the run's deadline interrupted
 * it, or its memory is full), the guest's call throws that exception — an interrupt stays uncatchable
 * and ends the eval as Timeout; when the host could not allocate, 0 (the guest sees undefined). The
 * strip flags are cleared whatever happens: programs keep their functions' source.
 */
import type { JSValueConstPointer } from "quickjs-emscripten-core";
import { GUEST_CHUNKS } from "../generated/guest-chunks.js";
import type { ImagePointers } from "./base-image.js";
import { EVAL_GLOBAL, GuestCalls, type ValuePointer } from "./guest-calls.js";
import { JS_STRIP_DEBUG, setStripFlags } from "./strip-flags.js";
import type { WasmInstance } from "./wasm-instance.js";

export function loadGuestChunk(instance: WasmInstance, pointers: ImagePointers, name: string, link: JSValueConstPointer): number {
  if (!Object.hasOwn(GUEST_CHUNKS, name)) return 0;
  const chunk = GUEST_CHUNKS[name]!;
  const { chunkScope } = pointers;
  const calls = new GuestCalls(instance, pointers.rt, pointers.ctx);
  const owned: ValuePointer[] = [];
  let thrown: ValuePointer | null = null;
  /** The value, or null when it is an exception (kept in `thrown`, rethrown into the guest's call). */
  const take = (value: ValuePointer): ValuePointer | null => {
    const exception = calls.takeException(value);
    if (!exception) return value;
    thrown = exception;
    return null;
  };
  /** The guest's call throws what stopped the load (QTS_Throw holds its own reference). */
  const rethrow = (): number => {
    if (!thrown) return 0;
    const exception = thrown;
    thrown = null;
    try {
      return instance.ffi.QTS_Throw(pointers.ctx, exception) as unknown as number;
    } finally {
      calls.freeValue(exception);
    }
  };
  setStripFlags(instance, chunkScope.stripFlags, JS_STRIP_DEBUG);
  try {
    const wrapper = take(calls.evalScript(chunk.wrapper, "quickbox-chunk", EVAL_GLOBAL));
    if (!wrapper) return rethrow();
    owned.push(wrapper);
    const load = take(calls.call(wrapper, [{ pointer: chunkScope.eval }, { pointer: chunkScope.captured }, { pointer: link as unknown as ValuePointer }]));
    if (!load) return rethrow();
    owned.push(load);
    let exports: ValuePointer | null = null;
    for (const piece of chunk.pieces) {
      if (exports) calls.freeValue(exports);
      exports = null;
      exports = take(calls.call(load, [piece]));
      if (!exports) return rethrow();
    }
    return exports ?? 0;
  } catch {
    // The host could not allocate in the guest's heap (HostAllocationError): nothing was loaded.
    if (thrown) calls.freeValue(thrown);
    return 0;
  } finally {
    setStripFlags(instance, chunkScope.stripFlags, 0);
    for (const value of owned) calls.freeValue(value);
  }
}
