/**
 * The base image shipped inside quickbox's own .wasm (dist/quickjs.wasm), as a custom section
 * that compilers skip: a worker, an edge isolate or an inline engine handed that module starts
 * from it instead of evaluating the ~140 KB prelude (200–300 ms of cold code in Chromium). Carried
 * by the .wasm because every bundler and runtime already delivers that file (CompiledWasm in
 * wrangler, a URL in browsers, a path in Node): no second asset to locate.
 *
 * The section is used only when it is exactly the one this code's build writes: the sha256 of its
 * payload must be BASE_IMAGE_SEED_SHA256, and the image it names BASE_IMAGE_SHA256 (both recorded
 * from a fresh build and checked in Node and Chromium). Nothing the section says is trusted on its
 * own: altered bytes under the recorded image hash, or pointers that lead elsewhere, are another
 * section. The digest covers everything the image takes from the section (the rest is what the
 * .wasm's own data initializes in every instance): ~1.2 MB, a few milliseconds once per process
 * and module. A module without the section (the QuickJS package's own .wasm, inside this
 * repository), or with another or an altered one, builds its own image, as before.
 *
 * Payload: u32 little-endian header length, the header (JSON: the seed's fields but its bytes),
 * then the changed ranges' bytes. Stored raw: inflating 1.2 MB cost 45–60 ms in Node (web streams
 * or fflate, cold), and HTTP compression already shrinks the file on the wire.
 */
import { BASE_IMAGE_SEED_SHA256, BASE_IMAGE_SHA256 } from "../generated/base-image-sha256.js";
import { sha256Hex } from "../util/sha256-hex.js";
import type { BaseImageSeed } from "./base-image-seed.js";

export const SEED_SECTION_NAME = "quickbox.base-image";
const FORMAT = 1;

type SeedHeader = Omit<BaseImageSeed, "changedBytes"> & { readonly format: number };

export function encodeSeedSection(seed: BaseImageSeed): Uint8Array {
  const { changedBytes, ...rest } = seed;
  const header = new TextEncoder().encode(JSON.stringify({ format: FORMAT, ...rest } satisfies SeedHeader));
  const payload = new Uint8Array(4 + header.length + changedBytes.length);
  new DataView(payload.buffer).setUint32(0, header.length, true);
  payload.set(header, 4);
  payload.set(changedBytes, 4 + header.length);
  return payload;
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isRange = (value: unknown): value is [number, number] => Array.isArray(value) && value.length === 2 && isNumber(value[0]) && isNumber(value[1]) && value[0] < value[1];

/** The seed in a section's payload; null when it is not a well-formed seed of this format. */
export function decodeSeedSection(payload: ArrayBuffer): BaseImageSeed | null {
  if (payload.byteLength < 4) return null;
  const headerLength = new DataView(payload).getUint32(0, true);
  if (4 + headerLength > payload.byteLength) return null;
  let header: Partial<SeedHeader>;
  try {
    header = JSON.parse(new TextDecoder().decode(new Uint8Array(payload, 4, headerLength))) as Partial<SeedHeader>;
  } catch {
    return null;
  }
  const { format, profileId, byteLength, changedRanges, pointers, hash, breakPointerAddress, deadStackRange } = header;
  if (format !== FORMAT || typeof profileId !== "string" || !isNumber(byteLength) || typeof hash !== "string") return null;
  if (!Array.isArray(changedRanges) || !changedRanges.every(isRange)) return null;
  if (!pointers || !isNumber(pointers.rt) || !isNumber(pointers.ctx) || !isNumber(pointers.internal) || typeof pointers.functions !== "object") return null;
  const scope = pointers.chunkScope as Partial<BaseImageSeed["pointers"]["chunkScope"]> | undefined;
  if (!scope || !isNumber(scope.eval) || !isNumber(scope.captured) || !isNumber(scope.stripFlags)) return null;
  if (!(breakPointerAddress === null || isNumber(breakPointerAddress)) || !(deadStackRange === null || isRange(deadStackRange))) return null;
  const changedBytes = new Uint8Array(payload, 4 + headerLength);
  return { profileId, byteLength, changedRanges, changedBytes, pointers, hash, breakPointerAddress: breakPointerAddress ?? null, deadStackRange: deadStackRange ?? null };
}

/**
 * The seed a module carries for `profileId`, if its section is the one this code's build writes
 * (see above); null otherwise. Reading the section copies it (~1.2 MB, about a millisecond).
 */
export async function embeddedSeed(wasmModule: WebAssembly.Module, profileId: string): Promise<BaseImageSeed | null> {
  if (typeof WebAssembly.Module.customSections !== "function") return null;
  const sections = WebAssembly.Module.customSections(wasmModule, SEED_SECTION_NAME);
  if (sections.length !== 1) return null;
  const payload = sections[0]!;
  const seed = decodeSeedSection(payload);
  if (!seed || seed.profileId !== profileId || seed.hash !== BASE_IMAGE_SHA256) return null;
  try {
    return (await sha256Hex(new Uint8Array(payload))) === BASE_IMAGE_SEED_SHA256 ? seed : null;
  } catch {
    // No WebCrypto here (a page outside a secure context): unverified, so not used.
    return null;
  }
}

function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** `wasm` with a custom section appended (custom sections may come anywhere; compilers skip them). */
export function appendCustomSection(wasm: Uint8Array, name: string, payload: Uint8Array): Uint8Array {
  const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];
  if (wasm.length < 8 || WASM_MAGIC.some((byte, i) => wasm[i] !== byte)) throw new Error("quickbox: not a WebAssembly binary");
  const nameBytes = new TextEncoder().encode(name);
  const content = [...unsignedLeb128(nameBytes.length), ...nameBytes];
  const sizeBytes = unsignedLeb128(content.length + payload.length);
  const out = new Uint8Array(wasm.length + 1 + sizeBytes.length + content.length + payload.length);
  let offset = 0;
  for (const part of [wasm, [0x00], sizeBytes, content, payload]) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
