import { expect, it } from "vitest";
import { freshBaseImageHash } from "../shared/base-image-check.js";

it("Chromium builds the same base image as Node (the hash recorded by the Node test)", async () => {
  await expect(await freshBaseImageHash()).toMatchFileSnapshot("../fixtures/base-image.sha256");
});
