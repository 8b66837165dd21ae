/**
 * Evaluating the guest prelude into the base image (DESIGN.md §6): the wrapper, then each piece
 * in its scope (scripts/prelude-pieces.mjs: compiled one at a time, the prelude's live data takes
 * ~40 % fewer pages than compiled as one script), all without debug information (strip-flags.ts).
 */
import type { JSRuntimePointer } from "quickjs-emscripten-core";
import type { PreludeModule } from "./engine-parts.js";
import { EVAL_GLOBAL, type GuestCalls, type ValuePointer } from "./guest-calls.js";
import { describeGuestException } from "./guest-port.js";
import { JS_STRIP_DEBUG, locateStripFlags, setStripFlags } from "./strip-flags.js";
import type { WasmInstance } from "./wasm-instance.js";

/** What loading a chunk later needs (guest-chunks.ts), kept in the image. */
export interface ChunkScope {
  /** The pristine `eval` (a chunk's pieces run by direct eval; a program may replace the global). */
  eval: ValuePointer;
  /** The built-ins the prelude captured, as an object: taken before the prelude ran, as the core took them; and the methods the chunks read. */
  captured: ValuePointer;
  /** Address of the runtime's strip flags (0 between compiles): the builder checks it with `stripsDebugInfo`. */
  stripFlags: number;
}

export interface EvaluatedPrelude {
  /** The prelude's internal API. */
  internal: ValuePointer;
  chunkScope: ChunkScope;
}

function failed(calls: GuestCalls, what: string, exception: ValuePointer): Error {
  const description = describeGuestException(calls, exception);
  calls.freeValue(exception);
  return new Error(`quickbox: the guest prelude failed to load (${what}): ${description}`);
}

function evaluateOrThrow(calls: GuestCalls, what: string, code: string): ValuePointer {
  const value = calls.evalScript(code, "quickbox-prelude", EVAL_GLOBAL);
  const exception = calls.takeException(value);
  if (exception) throw failed(calls, what, exception);
  return value;
}

/** `prelude`: the generated core (engine-parts.ts loads it: a part of its own in the worker build). */
export function evaluatePrelude(instance: WasmInstance, calls: GuestCalls, rt: JSRuntimePointer, prelude: PreludeModule): EvaluatedPrelude {
  const { GUEST_CAPTURED_GLOBALS, GUEST_CAPTURED_BUILTINS, GUEST_CAPTURED_BUILTINS_KEY, GUEST_PRELUDE_PIECES, GUEST_PRELUDE_WRAPPER } = prelude;
  const stripFlags = locateStripFlags(instance, rt);
  if (stripFlags === null) throw new Error("quickbox: the QuickJS runtime's strip flags were not found; the QuickJS build does not match this quickbox version");
  const chunkScope: ChunkScope = {
    eval: evaluateOrThrow(calls, "eval", "eval"),
    captured: evaluateOrThrow(calls, "captured built-ins", `({${GUEST_CAPTURED_GLOBALS.join(",")}})`),
    stripFlags,
  };
  // The built-in methods the chunks read (scripts/builtin-captures.mjs), as a thread starts with them: taken after the prelude ran (its last allocations), before any program.
  const captureBuiltins = (): void => {
    const capture = evaluateOrThrow(calls, "captured built-in methods", `(function (captured) { captured.${GUEST_CAPTURED_BUILTINS_KEY} = Object.freeze([${GUEST_CAPTURED_BUILTINS.join(",")}]); })`);
    try {
      const done = calls.call(capture, [{ pointer: chunkScope.captured }]);
      const error = calls.takeException(done);
      if (error) throw failed(calls, "captured built-in methods", error);
      calls.freeValue(done);
    } finally {
      calls.freeValue(capture);
    }
  };
  setStripFlags(instance, stripFlags, JS_STRIP_DEBUG);
  try {
    const load = calls.evalScript(GUEST_PRELUDE_WRAPPER, "quickbox-prelude", EVAL_GLOBAL);
    const wrapperError = calls.takeException(load);
    if (wrapperError) throw failed(calls, "wrapper", wrapperError);
    try {
      let completion: ValuePointer | null = null;
      for (const [index, piece] of GUEST_PRELUDE_PIECES.entries()) {
        if (completion !== null) calls.freeValue(completion);
        completion = calls.call(load, [piece]);
        const error = calls.takeException(completion);
        if (error) throw failed(calls, `piece ${index + 1} of ${GUEST_PRELUDE_PIECES.length}`, error);
      }
      if (completion === null) throw new Error("quickbox: the guest prelude has no pieces");
      captureBuiltins();
      return { internal: completion, chunkScope };
    } finally {
      calls.freeValue(load);
    }
  } finally {
    setStripFlags(instance, stripFlags, 0);
  }
}
