/**
 * dist/quickjs.wasm: the QuickJS release build's .wasm with the base image appended as a custom
 * section (src/engine/embedded-seed.ts). Run by the library build and the playground through vite's
 * module runner (scripts/load-seeded-wasm.ts), since it imports src/.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { baseImageSeed, getBaseImage } from "../src/engine/base-image.js";
import { appendCustomSection, encodeSeedSection, SEED_SECTION_NAME } from "../src/engine/embedded-seed.js";
import { sha256Hex } from "../src/util/sha256-hex.js";
import { RELEASE_BUILD } from "../src/engine/wasm-build.js";
import { BASE_IMAGE_SEED_SHA256, BASE_IMAGE_SHA256 } from "../src/generated/base-image-sha256.js";

/** The release build's .wasm as the QuickJS package ships it (no seed). */
export function releaseWasmBytes(): Uint8Array {
  return readFileSync(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"));
}

export interface SeededWasm {
  readonly wasm: Uint8Array;
  /** Why the .wasm carries no image (it is not the recorded one); null when it does. */
  readonly problem: string | null;
}

/**
 * Builds the base image in this process and returns the release .wasm that carries it. An image
 * other than the recorded one (the prelude changed, `npm run update:base-image` not run yet) would
 * be refused by the code it ships with: the .wasm then goes without it, and `problem` says why
 * (not an error: update:base-image itself builds dist/ before it records the new hash).
 */
export async function seededReleaseWasm(): Promise<SeededWasm> {
  const plain = releaseWasmBytes();
  const image = await getBaseImage(RELEASE_BUILD, await WebAssembly.compile(plain as Uint8Array<ArrayBuffer>));
  const seed = await baseImageSeed(image);
  const payload = encodeSeedSection(seed);
  const payloadHash = await sha256Hex(payload);
  if (seed.hash !== BASE_IMAGE_SHA256 || payloadHash !== BASE_IMAGE_SEED_SHA256) {
    const what = seed.hash !== BASE_IMAGE_SHA256 ? `image's sha256 is ${seed.hash}, not the recorded ${BASE_IMAGE_SHA256}` : `seed section's sha256 is ${payloadHash}, not the recorded ${BASE_IMAGE_SEED_SHA256}`;
    const problem = `the base ${what} (src/generated/base-image-sha256.ts): dist/quickjs.wasm is built without its base image; run \`npm run update:base-image\` and build again`;
    return { wasm: plain, problem };
  }
  return { wasm: appendCustomSection(plain, SEED_SECTION_NAME, payload), problem: null };
}
