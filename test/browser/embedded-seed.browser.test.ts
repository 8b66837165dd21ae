import { describe } from "vitest";
import { releaseWasmUrl } from "../../src/runtime/web-assets.js";
import { defineEmbeddedSeedSuite } from "../shared/embedded-seed-suite.js";

const plainWasm = async () => new Uint8Array(await (await fetch(releaseWasmUrl())).arrayBuffer());

describe("the base image inside the .wasm (Chromium)", () => {
  defineEmbeddedSeedSuite(plainWasm, ["inline", "worker"]);
});
