import { describe, expect, it } from "vitest";
import { createInterpreter, type InterpreterOptions } from "../../src/index.js";
import { getBaseImage } from "../../src/engine/base-image.js";
import { EVAL_GLOBAL, GuestCalls } from "../../src/engine/guest-calls.js";
import { installHostFunctions } from "../../src/engine/host-functions.js";
import { describeGuestException } from "../../src/engine/guest-port.js";
import { bootInstance } from "../../src/engine/instance-pool.js";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { INTL_BRIDGE_GLOBAL } from "../../src/intl-bridge-protocol.js";
import { URL_SETTER_CASES, describeSetters, describeUrls, urlCorpus } from "../shared/url-corpus.js";
import { defineWebPlatformSuite } from "../shared/web-platform-suite.js";

describe("web platform (Node, inline)", () => {
  defineWebPlatformSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "inline" }));
});

describe("web platform (Node, worker)", () => {
  defineWebPlatformSuite((options?: InterpreterOptions) => createInterpreter({ ...options, isolation: "worker" }));
});

describe("web platform references and the bridge's FFI side (Node)", () => {
  it("the URL fixture both projects compare against is what Node's URL returns", async () => {
    const fixture = { parse: describeUrls(URL, urlCorpus()), setters: describeSetters(URL, URL_SETTER_CASES) };
    await expect(`${JSON.stringify(fixture, null, 1)}\n`).toMatchFileSnapshot("../fixtures/web-platform-url.json");
  });

  it("the bridge function answers only one string argument of bounded size, whatever the guest passes", async () => {
    const image = await getBaseImage(RELEASE_BUILD, await compileBuildWasm(RELEASE_BUILD));
    const instance = await bootInstance(image, 16 * 2 ** 20);
    const calls = new GuestCalls(instance, image.pointers.rt, image.pointers.ctx);
    installHostFunctions(instance, calls.ctx, (text) => calls.newString(text));
    const run = (code: string) => {
      const result = calls.evalScript(`JSON.stringify((() => { const bridge = globalThis.${INTL_BRIDGE_GLOBAL}; ${code} })())`, "probe.js", EVAL_GLOBAL);
      const exception = calls.takeException(result);
      if (exception) throw new Error(describeGuestException(calls, exception));
      try {
        return JSON.parse(calls.readString(result)!) as unknown;
      } finally {
        calls.freeValue(result);
      }
    };
    const request = JSON.stringify({ op: "NumberFormat.format", locales: ["de-DE"], options: {}, args: [["n", "1234.5"]] });
    expect(run(`return bridge(${JSON.stringify(request)})`)).toBe("=1.234,5");
    // An object is refused before anything converts it: its toString never runs.
    expect(run(`let called = false; const r = bridge({ toString() { called = true; return ${JSON.stringify(request)} } }); return [r, called]`)).toEqual([
      "TIntl bridge: the request must be one string of at most 65536 bytes",
      false,
    ]);
    expect(run(`return bridge()`)).toMatch(/^T/);
    expect(run(`return bridge("a", "b")`)).toMatch(/^T/);
    expect(run(`return bridge("x".repeat(65537))`)).toMatch(/^T/);
    expect(run(`return bridge("é".repeat(40000))`)).toMatch(/^T/);
    expect(run(`return bridge("{}")`)).toMatch(/^T/);
    expect(run(`try { new bridge("x"); return "constructed" } catch (e) { return e.name }`)).toBe("TypeError");
  });
});
