import { baseImageSeed, getBaseImage } from "../../src/engine/base-image.js";
import { encodeSeedSection } from "../../src/engine/embedded-seed.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { sha256Hex } from "../../src/util/sha256-hex.js";

/** What is recorded of the base image the shipped build makes: its hash, and its seed section's. */
export interface BaseImageRecord {
  hash: string;
  seedHash: string;
}

/**
 * The record of the base image for the shipped build, built from a freshly compiled module of
 * QuickJS's own .wasm (`plainModule`): the tests' default .wasm is the seeded one (Node:
 * dist/quickjs.wasm; Chromium: vite.config.ts), whose image would be taken instead of built.
 */
export async function freshBaseImageRecord(plainModule: WebAssembly.Module): Promise<BaseImageRecord> {
  const image = await getBaseImage(RELEASE_BUILD, plainModule);
  if (image.origin !== "built") throw new Error(`the base image was not built but taken from a seed (${image.origin}): pass QuickJS's own .wasm`);
  return { hash: await image.hash, seedHash: await sha256Hex(encodeSeedSection(await baseImageSeed(image))) };
}

/** src/generated/base-image-sha256.ts for a record: the Node and the Chromium test both check the file against it. */
export function baseImageHashModule(record: BaseImageRecord): string {
  return [
    "// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.",
    "/** sha256 of the base image this source builds: its identity in snapshots and seeds. */",
    `export const BASE_IMAGE_SHA256 = ${JSON.stringify(record.hash)};`,
    "/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */",
    `export const BASE_IMAGE_SEED_SHA256 = ${JSON.stringify(record.seedHash)};`,
    "",
  ].join("\n");
}

/** Where the recorded hash lives, relative to test/node and test/browser. */
export const BASE_IMAGE_HASH_MODULE = "../../src/generated/base-image-sha256.ts";
