import { expect, it } from "vitest";
import { BASE_IMAGE_HASH_MODULE, baseImageHashModule, freshBaseImageRecord } from "../shared/base-image-check.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";

it("Chromium builds the same base image as Node (the hash recorded by the Node test)", async () => {
  await expect(baseImageHashModule(await freshBaseImageRecord(await compileBuildWasm(RELEASE_BUILD)))).toMatchFileSnapshot(BASE_IMAGE_HASH_MODULE);
});
