/**
 * The activity byte (activity-protocol.ts): the host reads it straight out of guest memory,
 * without calling into the guest (engine/quick-finish.ts). Marked whenever the current eval does
 * more than compute its value — prints, sets a timer, calls a tool, sends or drops progress,
 * settles — and cleared when the next session opens (prelude.ts closeSession). A cell that
 * finished at once with the byte clear and a primitive value is finished by the host alone.
 * Marking is a superset of what EvalSession's quiet check looks at: a mark too many only sends an
 * eval the general way. Only the prelude's core imports this module (a chunk bundling its own
 * copy would mark a byte the host never reads).
 */
import { ACTIVITY_BUFFER_BYTES, activitySignatureByte } from "../activity-protocol.js";

export const activity = new Uint8Array(ACTIVITY_BUFFER_BYTES);
for (let index = 1; index < ACTIVITY_BUFFER_BYTES; index++) activity[index] = activitySignatureByte(index);

export function noteActivity(): void {
  activity[0] = 1;
}
