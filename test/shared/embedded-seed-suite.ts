/**
 * The base image carried inside the .wasm (src/engine/embedded-seed.ts): a module with the
 * section starts from it, byte for byte the image the prelude builds, and runs programs the same;
 * a section that is not this code's image (another hash, another build, bytes that do not add up,
 * malformed) is ignored and the image is built, so nothing is lost.
 */
import { describe, expect, it } from "vitest";
import { createInterpreter, type EvalResult } from "../../src/index.js";
import { baseImageSeed, getBaseImage, type BaseImage } from "../../src/engine/base-image.js";
import type { BaseImageSeed } from "../../src/engine/base-image-seed.js";
import { appendCustomSection, decodeSeedSection, embeddedSeed, encodeSeedSection, SEED_SECTION_NAME } from "../../src/engine/embedded-seed.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { BASE_IMAGE_SHA256 } from "../../src/generated/base-image-sha256.js";
import { startingImageSeed } from "../../src/transport/image-seeds.js";
import { trackedInterpreters } from "./tracked-interpreters.js";

const compile = (bytes: Uint8Array) => WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);

/** What a caller can tell apart (durationMs and evalId differ by nature). */
const visible = (result: EvalResult) => ({ status: result.status, text: result.text, value: result.value, stdout: result.stdout, error: result.error, toolCalls: result.toolCalls });

/** Uses the prelude's console, timers, web platform and a tool, over two cells. */
const PROGRAM = [
  "let seen = []; const u = new URL('https://example.com/a?b=1'); console.log(u.searchParams.get('b'), new TextEncoder().encode('é').length)",
  "await new Promise((r) => setTimeout(r, 5)); seen.push(await tools.lookup({ id: 7 })); ({ seen, random: typeof Math.random(), host: u.host })",
];

/** The same bytes with one bit changed in the middle. */
function flipped(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  copy[copy.length >> 1]! ^= 1;
  return copy;
}

/** `plainWasm`: the QuickJS release .wasm as its package ships it (no section). */
export function defineEmbeddedSeedSuite(plainWasm: () => Promise<Uint8Array>, isolations: readonly ("inline" | "worker")[]): void {
  let built: { image: BaseImage; seed: BaseImageSeed; plain: Uint8Array } | null = null;
  async function builtImage() {
    if (built) return built;
    const plain = await plainWasm();
    const image = await getBaseImage(RELEASE_BUILD, await compile(plain));
    expect(image.origin).toBe("built");
    built = { image, seed: await baseImageSeed(image), plain };
    return built;
  }
  const withSection = (plain: Uint8Array, payload: Uint8Array) => appendCustomSection(plain, SEED_SECTION_NAME, payload);

  it("the built image is the recorded one (else run `npm run update:base-image`)", async () => {
    const { seed } = await builtImage();
    expect(seed.hash).toBe(BASE_IMAGE_SHA256);
  });

  it("a module carrying the image starts from it: the same bytes, pointers and hash as the built image", async () => {
    const { image, seed, plain } = await builtImage();
    const module = await compile(withSection(plain, encodeSeedSection(seed)));
    expect(WebAssembly.Module.exports(module)).toEqual(WebAssembly.Module.exports(await compile(plain)));
    expect(await embeddedSeed(module, RELEASE_BUILD.id)).not.toBeNull();
    const embedded = await getBaseImage(RELEASE_BUILD, module);
    expect(embedded.origin).toBe("embedded");
    expect(embedded.bytes.length).toBe(image.bytes.length);
    expect(embedded.bytes.every((byte, i) => byte === image.bytes[i])).toBe(true);
    expect(embedded.pointers).toEqual(image.pointers);
    expect(embedded.changedRanges).toEqual(image.changedRanges);
    expect(await embedded.hash).toBe(await image.hash);
  });

  it("the host hands a new worker the carried image once it has checked it (transport/image-seeds.ts); a module without it, or with another, gets none and the worker builds the image", async () => {
    const { seed, plain } = await builtImage();
    const handed = await startingImageSeed(compile(withSection(plain, encodeSeedSection(seed))));
    expect(handed?.hash).toBe(seed.hash);
    expect(handed?.changedRanges).toEqual(seed.changedRanges);
    expect(handed!.changedBytes.every((byte, i) => byte === seed.changedBytes[i])).toBe(true);
    expect(await startingImageSeed(compile(plain))).toBeUndefined();
    expect(await startingImageSeed(compile(withSection(plain, encodeSeedSection({ ...seed, changedBytes: flipped(seed.changedBytes) }))))).toBeUndefined();
  });

  for (const isolation of isolations) {
    const open = trackedInterpreters((options) => createInterpreter({ ...options, isolation }));
    it(`a carried image that was altered is not run: programs run on the built image (${isolation})`, async () => {
      const { seed, plain } = await builtImage();
      const alteredBytes = encodeSeedSection({ ...seed, changedBytes: flipped(seed.changedBytes) });
      const movedFunction = encodeSeedSection({ ...seed, pointers: { ...seed.pointers, functions: { ...seed.pointers.functions, poll: seed.pointers.functions.poll! + 8 } } });
      for (const payload of [alteredBytes, movedFunction]) {
        const qb = await open({ wasmModule: await compile(withSection(plain, payload)), tools: [{ name: "lookup", execute: ({ id }: { id: number }) => ({ id, name: `item ${id}` }) }] });
        const cells: unknown[] = [];
        for (const code of PROGRAM) cells.push(visible(await qb.eval(code)));
        expect(cells).toMatchObject([{ status: "ok", stdout: "1 2" }, { status: "ok", value: { seen: [{ id: 7, name: "item 7" }], random: "number", host: "example.com" } }]);
      }
    });

    it(`programs run the same on the carried image as on the built one (${isolation})`, async () => {
      const { seed, plain } = await builtImage();
      const results: unknown[][] = [];
      for (const bytes of [plain, withSection(plain, encodeSeedSection(seed))]) {
        const qb = await open({ wasmModule: await compile(bytes), tools: [{ name: "lookup", execute: ({ id }: { id: number }) => ({ id, name: `item ${id}` }) }] });
        const cells: unknown[] = [];
        for (const code of PROGRAM) cells.push(visible(await qb.eval(code)));
        results.push(cells);
      }
      expect(results[0]).toMatchObject([{ status: "ok", stdout: "1 2" }, { status: "ok", value: { seen: [{ id: 7, name: "item 7" }], random: "number", host: "example.com" } }]);
      expect(results[1]).toEqual(results[0]);
    });
  }

  describe("a section that is not this code's image is ignored: the image is built", () => {
    const refused: [string, (seed: BaseImageSeed) => Uint8Array][] = [
      ["another image (hash)", (seed) => encodeSeedSection({ ...seed, hash: "0".repeat(64) })],
      ["another build", (seed) => encodeSeedSection({ ...seed, profileId: "debug-sync" })],
      ["altered image bytes under the recorded hash", (seed) => encodeSeedSection({ ...seed, changedBytes: flipped(seed.changedBytes) })],
      ["a prelude function at another address", (seed) => encodeSeedSection({ ...seed, pointers: { ...seed.pointers, functions: { ...seed.pointers.functions, poll: seed.pointers.functions.poll! + 8 } } })],
      ["another context pointer", (seed) => encodeSeedSection({ ...seed, pointers: { ...seed.pointers, ctx: seed.pointers.ctx + 16 } })],
      ["another break pointer address", (seed) => encodeSeedSection({ ...seed, breakPointerAddress: seed.breakPointerAddress! + 4 })],
      ["another dead stack", (seed) => encodeSeedSection({ ...seed, deadStackRange: [seed.deadStackRange![0], seed.deadStackRange![1] + 4096] })],
      ["bytes that do not add up to its ranges", (seed) => encodeSeedSection({ ...seed, changedBytes: seed.changedBytes.subarray(4096) })],
      ["a header that is not JSON", (seed) => Uint8Array.of(3, 0, 0, 0, 0x7b, 0x7b, 0x7b, ...seed.changedBytes.subarray(0, 16))],
      ["a header longer than the section", () => Uint8Array.of(0xff, 0xff, 0, 0, 0x7b)],
      ["an empty section", () => new Uint8Array(0)],
    ];
    for (const [what, payload] of refused) {
      it(what, async () => {
        const { image, seed, plain } = await builtImage();
        const module = await compile(withSection(plain, payload(seed)));
        const made = await getBaseImage(RELEASE_BUILD, module);
        expect(made.origin).toBe("built");
        expect(await made.hash).toBe(await image.hash);
      });
    }

    it("two sections of that name", async () => {
      const { seed, plain } = await builtImage();
      const payload = encodeSeedSection(seed);
      const module = await compile(withSection(withSection(plain, payload), payload));
      expect(WebAssembly.Module.customSections(module, SEED_SECTION_NAME)).toHaveLength(2);
      expect((await getBaseImage(RELEASE_BUILD, module)).origin).toBe("built");
    });
  });

  it("where WebCrypto cannot digest (a page outside a secure context), the section cannot be checked: the image is built", async () => {
    const { image, seed, plain } = await builtImage();
    const module = await compile(withSection(plain, encodeSeedSection(seed)));
    const subtle = crypto.subtle as unknown as Record<string, unknown>;
    subtle.digest = () => Promise.reject(new TypeError("no digest here"));
    let made: BaseImage;
    try {
      made = await getBaseImage(RELEASE_BUILD, module);
    } finally {
      delete subtle.digest;
    }
    expect(made.origin).toBe("built");
    expect(made.bytes.every((byte, i) => byte === image.bytes[i])).toBe(true);
  });

  it("the payload reads back as the seed; malformed payloads read as none", async () => {
    const { seed } = await builtImage();
    const payload = encodeSeedSection(seed);
    const decoded = decodeSeedSection(payload.slice().buffer);
    expect(decoded).toEqual({ ...seed, changedBytes: expect.any(Uint8Array) });
    expect(decoded!.changedBytes.every((byte, i) => byte === seed.changedBytes[i])).toBe(true);
    const header = (fields: object) => {
      const json = new TextEncoder().encode(JSON.stringify(fields));
      return Uint8Array.of(json.length & 0xff, json.length >> 8, 0, 0, ...json).buffer;
    };
    const { changedBytes: _bytes, ...fields } = seed;
    expect(decodeSeedSection(header({ format: 1, ...fields }))).not.toBeNull();
    expect(decodeSeedSection(header({ format: 2, ...fields }))).toBeNull();
    expect(decodeSeedSection(header({ format: 1, ...fields, changedRanges: [[8, 4]] }))).toBeNull();
    expect(decodeSeedSection(header({ format: 1, ...fields, pointers: null }))).toBeNull();
    expect(decodeSeedSection(header({ format: 1, ...fields, byteLength: -1 }))).toBeNull();
    expect(decodeSeedSection(new ArrayBuffer(3))).toBeNull();
  });

  it("appending a section to something that is not WebAssembly is refused", () => {
    expect(() => appendCustomSection(new TextEncoder().encode("not wasm at all"), SEED_SECTION_NAME, new Uint8Array(1))).toThrow(/not a WebAssembly binary/);
  });
}
