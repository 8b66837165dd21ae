/**
 * The guest's activity byte (guest/activity.ts), as both sides know it: a buffer of
 * ACTIVITY_BUFFER_BYTES made while the prelude is evaluated, byte 0 the flag (0: the current eval
 * did nothing but compute its value so far; 1: it printed, set a timer, called a tool, sent
 * progress or settled), the rest a signature the host finds the buffer by in the base image
 * (engine/activity-byte.ts). The guest computes the signature: no literal copy of the sequence is
 * anywhere else in the image.
 */
export const ACTIVITY_BUFFER_BYTES = 16;

/** The signature's byte at `index` (1 ≤ index < ACTIVITY_BUFFER_BYTES). */
export function activitySignatureByte(index: number): number {
  return (index * 73 + 41) & 0xff;
}
