import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getBaseImage } from "../../src/engine/base-image.js";
import { embeddedSeed } from "../../src/engine/embedded-seed.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { BASE_IMAGE_SHA256 } from "../../src/generated/base-image-sha256.js";
import { releaseWasmBytes } from "../../scripts/seeded-wasm.js";
import { defineEmbeddedSeedSuite } from "../shared/embedded-seed-suite.js";

const plainWasm = async () => new Uint8Array(releaseWasmBytes());

describe("the base image inside the .wasm (Node)", () => {
  defineEmbeddedSeedSuite(plainWasm, ["inline", "worker"]);
});

describe("dist/quickjs.wasm (the shipped file; the node project's global setup builds dist/)", () => {
  it("carries the image this source builds, and an image taken from it is that image", async () => {
    const shipped = await WebAssembly.compile(readFileSync(new URL("../../dist/quickjs.wasm", import.meta.url)));
    const seed = await embeddedSeed(shipped, RELEASE_BUILD.id);
    expect(seed?.hash).toBe(BASE_IMAGE_SHA256);
    const image = await getBaseImage(RELEASE_BUILD, shipped);
    expect(image.origin).toBe("embedded");
    const built = await getBaseImage(RELEASE_BUILD, await WebAssembly.compile(await plainWasm()));
    expect(built.origin).toBe("built");
    expect(image.bytes.length).toBe(built.bytes.length);
    expect(image.bytes.every((byte, i) => byte === built.bytes[i])).toBe(true);
  });
});
