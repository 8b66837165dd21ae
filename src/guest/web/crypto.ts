/**
 * crypto.getRandomValues / crypto.randomUUID from the thread's seeded generator (the one behind
 * Math.random): reproducible with `randomSeed`, and a restored thread continues its sequence.
 * There is no crypto.subtle.
 */
import { domException } from "./dom-exception.js";
import type { RandomSource } from "../random.js";

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
const typedArrayTag = Object.getOwnPropertyDescriptor(typedArrayPrototype, Symbol.toStringTag)!.get!;
/** By tag (an object literal: no Set's methods run when the chunk loads, after programs ran). */
const INTEGER_ARRAYS: Record<string, true> = { Int8Array: true, Uint8Array: true, Uint8ClampedArray: true, Int16Array: true, Uint16Array: true, Int32Array: true, Uint32Array: true, BigInt64Array: true, BigUint64Array: true };
const MAX_BYTES = 65536;
const HEX = "0123456789abcdef";

export class Crypto {
  constructor() {
    throw new TypeError("Illegal constructor");
  }
}
Object.defineProperty(Crypto.prototype, Symbol.toStringTag, { value: "Crypto", configurable: true });

export function createCrypto(source: RandomSource): Crypto {
  const fill = (bytes: Uint8Array): void => {
    let word = 0;
    for (let i = 0; i < bytes.length; i++) {
      if ((i & 3) === 0) word = source.nextUint32();
      bytes[i] = word & 0xff;
      word >>>= 8;
    }
  };
  const crypto = Object.create(Crypto.prototype) as Crypto;
  Object.defineProperties(crypto, {
    getRandomValues: {
      value: function getRandomValues<T extends ArrayBufferView>(array: T): T {
        if (arguments.length === 0) throw new TypeError('The "typedArray" argument must be specified');
        const tag = ArrayBuffer.isView(array) ? (typedArrayTag.call(array) as string | undefined) : undefined;
        if (tag === undefined || !Object.hasOwn(INTEGER_ARRAYS, tag)) {
          throw domException("TypeMismatchError", "The data argument must be an integer-type TypedArray");
        }
        if (array.byteLength > MAX_BYTES) throw domException("QuotaExceededError", "The requested length exceeds 65,536 bytes");
        fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
        return array;
      },
      writable: true,
      configurable: true,
      enumerable: true,
    },
    randomUUID: {
      value: function randomUUID(): string {
        const bytes = new Uint8Array(16);
        fill(bytes);
        bytes[6] = (bytes[6]! & 0x0f) | 0x40;
        bytes[8] = (bytes[8]! & 0x3f) | 0x80;
        let out = "";
        for (let i = 0; i < 16; i++) {
          if (i === 4 || i === 6 || i === 8 || i === 10) out += "-";
          out += HEX[bytes[i]! >> 4]! + HEX[bytes[i]! & 15]!;
        }
        return out;
      },
      writable: true,
      configurable: true,
      enumerable: true,
    },
  });
  return crypto;
}
