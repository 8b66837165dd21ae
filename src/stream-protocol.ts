/**
 * Events a program streams to the host while it runs (README, "What the program sees"):
 * `progress(value)` and, with `streamConsole`, its console lines. The guest hands each one to one
 * synchronous host function, created in the base image, as one string:
 *
 *   <kind><calls>:<payload>
 *
 * kind "P" (progress: devalue text of the value, as EvalResult.value is copied) or "O" (console
 * text); `calls` = how many of the program's tool/task calls were still waiting in the guest's
 * outbox when it was made, so the engine can send events and calls in the order the program made
 * them. The engine checks every message (the guest controls them) and bounds what it forwards,
 * as StreamedEvent (engine-contract.ts): progress as devalue text, console text as is, `seq`
 * numbering the events of one eval or resume 1, 2, … in the order the program made them.
 */

/** The host reference id the stream function carries in the base image. */
export const STREAM_BRIDGE_ID = 0x71b2;
/** The global the base image builder puts the stream function on; the prelude takes it away at once. */
export const STREAM_BRIDGE_GLOBAL = "__quickboxHostStream";
/** Largest message the engine reads (UTF-8 bytes); longer ones are dropped. */
export const STREAM_MAX_MESSAGE_BYTES = 65536;
/** Console text goes out in pieces of at most this many UTF-16 units. */
export const STREAM_STDOUT_PIECE_CHARS = 16384;

/** Largest progress value: its serialized copy (devalue text) in UTF-16 units. */
export const MAX_PROGRESS_CHARS = 4096;
/** progress() calls sent per eval; later ones are dropped and counted (a warning in the result). */
export const MAX_PROGRESS_EVENTS = 1000;

export const PROGRESS_KIND = "P";
export const STDOUT_KIND = "O";
