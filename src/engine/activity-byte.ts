/**
 * Where the guest's activity byte is (activity-protocol.ts): found once per base image by its
 * signature, in the image's heap (above the dead stack when the image knows where that is). The
 * buffer was made while the prelude was evaluated, so every thread booted, restored or rebuilt
 * from the image has it at that address. 0: not found exactly once — the engine then never takes
 * the at-once fast path (every eval goes the general way; slower, never wrong).
 */
import { ACTIVITY_BUFFER_BYTES, activitySignatureByte } from "../activity-protocol.js";

/** What of a base image (base-image.ts) the search reads. */
type ImageBytes = { readonly bytes: Uint8Array; readonly deadStackRange: readonly [number, number] | null };

const found = new WeakMap<ImageBytes, number>();

export function activityByteAddress(image: ImageBytes): number {
  let address = found.get(image);
  if (address === undefined) {
    address = findSignature(image.bytes, image.deadStackRange?.[1] ?? 0);
    found.set(image, address);
  }
  return address;
}

function findSignature(bytes: Uint8Array, from: number): number {
  const first = activitySignatureByte(1);
  let match = 0;
  for (let at = bytes.indexOf(first, from + 1); at > 0; at = bytes.indexOf(first, at + 1)) {
    let index = 2;
    while (index < ACTIVITY_BUFFER_BYTES && bytes[at - 1 + index] === activitySignatureByte(index)) index++;
    if (index < ACTIVITY_BUFFER_BYTES || bytes[at - 1]! > 1) continue;
    if (match) return 0;
    match = at - 1;
  }
  return match;
}
