import { getBaseImage } from "../../src/engine/base-image.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";

/** The base image's hash for the shipped build, built from a freshly compiled module. */
export async function freshBaseImageHash(): Promise<string> {
  const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
  return image.hash;
}

/** src/generated/base-image-sha256.ts for a hash: the Node and the Chromium test both check the file against it. */
export function baseImageHashModule(hash: string): string {
  return [
    "// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.",
    "/** sha256 of the base image this source builds: an embedded seed is used only when it holds this image. */",
    `export const BASE_IMAGE_SHA256 = ${JSON.stringify(hash)};`,
    "",
  ].join("\n");
}

/** Where the recorded hash lives, relative to test/node and test/browser. */
export const BASE_IMAGE_HASH_MODULE = "../../src/generated/base-image-sha256.ts";
