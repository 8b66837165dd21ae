/**
 * The host's calls into the guest prelude's internal API (src/guest/prelude.ts): `configure`,
 * `poll`, `settle`, … by name, with string arguments and string results. A call that throws in
 * the guest (an interrupt, out of memory, a prelude bug) becomes a GuestException.
 */
import type { BaseImage, ImagePointers, InternalFunction } from "./base-image.js";
import { activityByteAddress } from "./activity-byte.js";
import { GuestCalls, type CallArgument, type ValuePointer } from "./guest-calls.js";
import { GuestProtocolError } from "./guest-reports.js";
import type { WasmInstance } from "./wasm-instance.js";

/** An internal prelude call threw (interrupt, out of memory, or a prelude bug). */
export class GuestException extends Error {
  override name = "GuestException";
}

/** Longest exception text kept (UTF-8 bytes of each part): it only names what happened. */
const MAX_DESCRIPTION_BYTES = 1024;

/**
 * Best-effort text of a guest exception, "name: message" for an error object: its properties are
 * read, never its toString (the program may have replaced Error.prototype.toString). Frees nothing.
 */
export function describeGuestException(calls: GuestCalls, exception: ValuePointer): string {
  try {
    const text = calls.readString(exception, MAX_DESCRIPTION_BYTES);
    if (text !== null) return text;
    const type = calls.typeOf(exception);
    // QuickJS throws null when it has no memory left even for its "out of memory" error.
    if (type === "object" && calls.isNull(exception)) return "null (no memory left for an error)";
    if (type !== "object") return "a guest exception that is not an error";
    const part = (key: string) => {
      const value = calls.getProperty(exception, key);
      try {
        return calls.readString(value, MAX_DESCRIPTION_BYTES);
      } finally {
        calls.freeValue(value);
      }
    };
    const message = part("message");
    if (message === null) return "a guest exception that is not an error";
    const name = part("name");
    return name ? `${name}: ${message}` : message;
  } catch {
    return "unknown guest exception";
  }
}

export class GuestPort {
  readonly calls: GuestCalls;
  readonly #functions: ImagePointers["functions"];
  readonly #instance: WasmInstance;
  /** Where the guest's activity byte is (engine/activity-byte.ts); 0: unknown (always "active"). */
  readonly #activityAddress: number;

  constructor(instance: WasmInstance, image: Pick<BaseImage, "pointers" | "bytes" | "deadStackRange">) {
    const { pointers } = image;
    this.calls = new GuestCalls(instance, pointers.rt, pointers.ctx);
    this.#functions = pointers.functions;
    this.#instance = instance;
    this.#activityAddress = activityByteAddress(image);
  }

  /**
   * True when the current eval did more than compute its value (printed, set a timer, called a
   * tool, sent progress, settled): the guest's activity byte (activity-protocol.ts), read from
   * memory without a call into the guest.
   */
  get active(): boolean {
    const address = this.#activityAddress;
    return address === 0 || ((this.#instance.heapU32[address >>> 2]! >>> ((address & 3) * 8)) & 0xff) !== 0;
  }

  call(name: InternalFunction, args: readonly CallArgument[]): ValuePointer {
    const result = this.calls.call(this.#functions[name], args);
    const exception = this.calls.takeException(result);
    if (exception) {
      const message = describeGuestException(this.calls, exception);
      this.calls.freeValue(exception);
      throw new GuestException(message);
    }
    return result;
  }

  callVoid(name: InternalFunction, args: readonly CallArgument[] = []): void {
    this.calls.freeValue(this.call(name, args));
  }

  /** The string an internal function returned; anything else means the prelude was tampered with. */
  callString(name: InternalFunction, args: readonly CallArgument[] = []): string {
    const result = this.call(name, args);
    try {
      const text = this.calls.readString(result);
      if (text === null) throw new GuestProtocolError(`${name}: not a string`);
      return text;
    } finally {
      this.calls.freeValue(result);
    }
  }
}
