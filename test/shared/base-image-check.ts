import { getBaseImage } from "../../src/engine/base-image.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";

/** The base image's hash for the shipped build, built from a freshly compiled module. */
export async function freshBaseImageHash(): Promise<string> {
  const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
  return image.hash;
}
