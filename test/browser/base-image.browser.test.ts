import { expect, it } from "vitest";
import { BASE_IMAGE_HASH_MODULE, baseImageHashModule, freshBaseImageRecord } from "../shared/base-image-check.js";

it("Chromium builds the same base image as Node (the hash recorded by the Node test)", async () => {
  await expect(baseImageHashModule(await freshBaseImageRecord())).toMatchFileSnapshot(BASE_IMAGE_HASH_MODULE);
});
