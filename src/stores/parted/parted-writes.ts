/**
 * Writing one parted record (small-value-backend.ts): a new value's parts are written under a
 * fresh generation (with the index when they fit one write, else first, in writes of their own,
 * behind a "writing" marker), then the index is switched by one write checked against the index
 * that was read; the replaced generation's parts go in that same write when they fit, else a
 * "replaced" marker does and they are deleted after it. Until the switch, the previous value stays
 * readable; whatever a cut write leaves behind has a marker that prune() finds.
 */
import { QuickboxError } from "../../errors.js";
import type { StoreRecordMeta } from "../../types.js";
import { sameBytes } from "../same-bytes.js";
import { cleanMeta, emptyWrite, newGeneration, partSlots, type LooseWrite, type PartedIndex, type PartedWrite, type PartSlot, type SmallValueBackend } from "./small-value-backend.js";

/** Switches retried when another writer moved the index in between. */
const MAX_SWITCH_ATTEMPTS = 40;

export function storeFailed(storeName: string, message: string): QuickboxError {
  return new QuickboxError("STORE_FAILED", `${storeName}: ${message}`);
}

/** A new value, ready for the switch of its index. */
interface PreparedValue {
  index: PartedIndex;
  /** Parts that go in the switch itself (small values). */
  parts: PartedWrite["parts"];
  /** Parts were written before the switch, behind a "writing" marker. */
  prewritten: boolean;
}

function splitParts(key: string, generation: string, value: Uint8Array, maxPartBytes: number): PartedWrite["parts"] {
  const parts: PartedWrite["parts"] = [];
  // Each part its own copy: a view over a larger buffer would be stored with the whole buffer.
  for (let offset = 0, n = 0; offset < value.length; offset += maxPartBytes, n++) parts.push({ slot: { key, generation, n }, bytes: value.slice(offset, offset + maxPartBytes) });
  return parts;
}

/** Splits `items` in order into writes that each fit (`make` builds the write of a group). */
function groupWrites<T>(backend: SmallValueBackend, items: readonly T[], make: (group: T[], first: boolean) => PartedWrite): PartedWrite[] {
  if (!backend.atomic) return [make([...items], true)];
  const writes: PartedWrite[] = [];
  let group: T[] = [];
  for (const item of items) {
    if (group.length && !backend.fits(make([...group, item], writes.length === 0))) {
      writes.push(make(group, writes.length === 0));
      group = [];
    }
    group.push(item);
  }
  if (group.length || !writes.length) writes.push(make(group, writes.length === 0));
  return writes;
}

const looseEntry = (generation: string, loose: LooseWrite) => ({ generation, loose });

async function prepare(backend: SmallValueBackend, key: string, value: Uint8Array, meta: StoreRecordMeta): Promise<PreparedValue> {
  const generation = newGeneration();
  const base = { meta: cleanMeta(meta), generation, byteLength: value.length };
  if (value.length <= backend.maxInlineBytes) return { index: { ...base, partCount: 0, inline: value.slice() }, parts: [], prewritten: false };
  const parts = splitParts(key, generation, value, backend.maxPartBytes);
  const index: PartedIndex = { ...base, partCount: parts.length };
  const writing: LooseWrite = { key, partCount: parts.length, state: "writing", sinceMs: Date.now() };
  // Room is kept for the marker of a replaced value (retire()).
  const together: PartedWrite = { ...emptyWrite(), loose: [looseEntry(generation, { ...writing, state: "replaced" })], parts, index: { key, index } };
  if (backend.fits(together)) return { index, parts, prewritten: false };
  const writes = groupWrites(backend, parts, (group, first) => ({ ...emptyWrite(), loose: first ? [looseEntry(generation, writing)] : [], parts: group }));
  try {
    for (const write of writes) await backend.write(write);
  } catch (error) {
    await abandon(backend, key, index).catch(() => undefined);
    throw error;
  }
  return { index, parts: [], prewritten: true };
}

/**
 * Best effort after a write that did not switch: removes its parts and marker, unless its index did
 * land after all (a write can fail ambiguously). Otherwise prune() removes them once old enough.
 */
async function abandon(backend: SmallValueBackend, key: string, index: PartedIndex): Promise<void> {
  const current = await backend.readIndex(key);
  if (current?.index.generation !== index.generation) await deleteGeneration(backend, key, index.generation, index.partCount);
}

/** Deletes a generation's parts, then its marker (last, so that a cut cleanup is found again). */
export async function deleteGeneration(backend: SmallValueBackend, key: string, generation: string, partCount: number): Promise<void> {
  const slots = partSlots(key, generation, partCount);
  const writes = groupWrites(backend, slots, (group) => ({ ...emptyWrite(), deleteParts: group }));
  for (const write of writes) if (write.deleteParts.length) await backend.write(write);
  await backend.write({ ...emptyWrite(), deleteLoose: [generation] });
}

/** The switch of `key`'s index from `replaced` to `prepared` (or to nothing), and what is left to delete after it. */
function switchWrite(backend: SmallValueBackend, key: string, replaced: PartedIndex | undefined, prepared: PreparedValue | null): { write: PartedWrite; after?: { generation: string; partCount: number }; deleteLooseAfter: string[] } {
  const write: PartedWrite = { ...emptyWrite(), parts: prepared ? prepared.parts : [], index: { key, index: prepared ? prepared.index : null } };
  const deleteLoose = prepared?.prewritten ? [prepared.index.generation] : [];
  if (!backend.atomic) {
    // Applied in order, nothing atomic: the markers go first, every delete after the switch.
    if (!replaced?.partCount) return { write, deleteLooseAfter: deleteLoose };
    write.loose.push(looseEntry(replaced.generation, { key, partCount: replaced.partCount, state: "replaced", sinceMs: Date.now() }));
    return { write, after: replaced, deleteLooseAfter: deleteLoose };
  }
  write.deleteLoose = deleteLoose;
  if (!replaced?.partCount) return { write, deleteLooseAfter: [] };
  const withDeletes: PartedWrite = { ...write, deleteParts: partSlots(key, replaced.generation, replaced.partCount) };
  if (backend.fits(withDeletes)) return { write: withDeletes, deleteLooseAfter: [] };
  write.loose = [looseEntry(replaced.generation, { key, partCount: replaced.partCount, state: "replaced", sinceMs: Date.now() })];
  return { write, after: replaced, deleteLooseAfter: [] };
}

/** Best effort: what a switch left to delete (its marker keeps it findable for prune() otherwise). */
async function cleanUp(backend: SmallValueBackend, key: string, plan: ReturnType<typeof switchWrite>): Promise<void> {
  try {
    if (plan.deleteLooseAfter.length) await backend.write({ ...emptyWrite(), deleteLoose: plan.deleteLooseAfter });
    if (plan.after) await deleteGeneration(backend, key, plan.after.generation, plan.after.partCount);
  } catch {
    // left to prune()
  }
}

/** The value an index names, or undefined when its parts are missing (replaced meanwhile, or damaged). */
export async function readValue(backend: SmallValueBackend, key: string, index: PartedIndex): Promise<Uint8Array | undefined> {
  if (index.inline) return index.inline.length === index.byteLength ? index.inline.slice() : undefined;
  if (index.partCount === 0) return index.byteLength === 0 ? new Uint8Array(0) : undefined;
  const parts = await backend.readParts(key, index);
  if (!parts || parts.length !== index.partCount) return undefined;
  const joined = new Uint8Array(index.byteLength);
  let offset = 0;
  for (const part of parts) {
    if (offset + part.length > joined.length) return undefined;
    joined.set(part, offset);
    offset += part.length;
  }
  return offset === joined.length ? joined : undefined;
}

/**
 * Writes `next` (undefined: deletes the record). `expected` absent: unconditionally; present:
 * only if the current value is byte-equal to `expected.value` (undefined: absent), resolving
 * false otherwise. The switch is checked against the index that was read, and retried from the
 * read when another writer moved it in between.
 */
export async function writeRecord(
  backend: SmallValueBackend,
  storeName: string,
  key: string,
  next: { value: Uint8Array; meta: StoreRecordMeta } | undefined,
  expected?: { value: Uint8Array | undefined },
): Promise<boolean> {
  const prepared = next ? await prepare(backend, key, next.value, next.meta) : null;
  try {
    for (let attempt = 0; attempt < MAX_SWITCH_ATTEMPTS; attempt++) {
      const current = await backend.readIndex(key);
      if (expected) {
        const value = current ? await readValue(backend, key, current.index) : undefined;
        if (current && value === undefined) continue; // replaced while its parts were read
        if (!sameBytes(value, expected.value)) {
          if (prepared?.prewritten) await abandon(backend, key, prepared.index).catch(() => undefined);
          return false;
        }
      }
      if (!current && !prepared) return true;
      const plan = switchWrite(backend, key, current?.index, prepared);
      const switched = backend.atomic ? await backend.write(plan.write, { key, version: current ? current.version : null }) : await backend.write(plan.write);
      if (switched) {
        await cleanUp(backend, key, plan);
        return true;
      }
    }
  } catch (error) {
    if (prepared?.prewritten) await abandon(backend, key, prepared.index).catch(() => undefined);
    throw error;
  }
  if (prepared?.prewritten) await abandon(backend, key, prepared.index).catch(() => undefined);
  throw storeFailed(storeName, `"${key}" kept changing under concurrent writers; gave up after ${MAX_SWITCH_ATTEMPTS} attempts`);
}
