/**
 * The chunk bridge: how a thread loads a part of the guest prelude on first use (DESIGN.md §6, base
 * image). The base image holds the prelude's core; a chunk (the web platform, the inspector) is compiled into the
 * thread the first time the program touches it — by the host, synchronously, inside this guest
 * function (engine/guest-chunks.ts), in the same way as the core was (without debug information,
 * in pieces). The call takes the chunk's name and what the chunk takes from the core (`__qbCore`
 * in its code), and returns the chunk's exports, or undefined when it could not be loaded (the
 * run was interrupted, or the heap is full): a later use tries again.
 */
export const CHUNK_BRIDGE_ID = 0x71b4;
/** Where the base image builder leaves the bridge for the prelude (which takes it and deletes it). */
export const CHUNK_BRIDGE_GLOBAL = "__quickboxHostChunks";
/** The chunks the prelude can load: src/guest/web/chunk.ts, src/guest/inspect/chunk.ts, src/guest/plain-inspect/chunk.ts. */
export const GUEST_CHUNK_NAMES = ["web", "inspect", "plain-inspect"] as const;
export type GuestChunkName = (typeof GUEST_CHUNK_NAMES)[number];
