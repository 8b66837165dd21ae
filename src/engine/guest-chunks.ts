/**
 * Loading a chunk of the guest prelude into a thread on first use (chunk-bridge-protocol.ts): called
 * from inside the guest's call of the chunk bridge, it compiles the chunk as the base image builder
 * compiled the core (prelude-evaluation.ts): without debug information, its pieces one at a time in
 * the scope of the chunk's wrapper, which gets the pristine `eval`, the core's captured built-ins
 * (both kept in the image since it was built) and the core's link. Returns the chunk's exports for
 * the guest (a value pointer QuickJS takes over), or 0 — the guest then sees undefined — when a
 * piece threw (an interrupt, out of memory) or the host could not allocate. The strip flags are
 * cleared whatever happens: programs keep their functions' source.
 */
import type { JSValueConstPointer } from "quickjs-emscripten-core";
import { GUEST_CHUNKS } from "../generated/guest-prelude.js";
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
  /** The value, or null (freed, with its exception) when it is an exception. */
  const take = (value: ValuePointer): ValuePointer | null => {
    const exception = calls.takeException(value);
    if (!exception) return value;
    calls.freeValue(exception);
    return null;
  };
  setStripFlags(instance, chunkScope.stripFlags, JS_STRIP_DEBUG);
  try {
    const wrapper = take(calls.evalScript(chunk.wrapper, "quickbox-chunk", EVAL_GLOBAL));
    if (!wrapper) return 0;
    owned.push(wrapper);
    const load = take(calls.call(wrapper, [{ pointer: chunkScope.eval }, { pointer: chunkScope.captured }, { pointer: link as unknown as ValuePointer }]));
    if (!load) return 0;
    owned.push(load);
    let exports: ValuePointer | null = null;
    for (const piece of chunk.pieces) {
      if (exports) calls.freeValue(exports);
      exports = null;
      exports = take(calls.call(load, [piece]));
      if (!exports) return 0;
    }
    return exports ?? 0;
  } catch {
    // The host could not allocate in the guest's heap (HostAllocationError): nothing was loaded.
    return 0;
  } finally {
    setStripFlags(instance, chunkScope.stripFlags, 0);
    for (const value of owned) calls.freeValue(value);
  }
}
