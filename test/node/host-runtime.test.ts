/**
 * The runtime is decided in one place (src/runtime/host-runtime.ts) and handed to the rest:
 * - the decision for each runtime's global scope, with and without Node's built-ins bundled
 *   (`#node-host`), and what follows from it (isolation, workers, wasm, workerd's defaults);
 * - nothing else in src/ reads the global scope to tell runtimes apart, and the decision is
 *   asked for only where a process starts using quickbox (options, the worker entry);
 * - the published node-host.js finds the worker script and the .wasm when a bundler moved it away
 *   from the package's folder (the installed package's files, resolved from the working directory).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { RELEASE_BUILD } from "../../src/engine/wasm-build.js";
import { resolveOptions, WORKERD_DEFAULT_MAX_LIVE_THREADS, WORKERD_DEFAULT_MEMORY_LIMIT_BYTES } from "../../src/options.js";
import { engineCapabilities, hostRuntime, runtimeFrom } from "../../src/runtime/host-runtime.js";
import { compileBuildWasm } from "../../src/runtime/wasm-loading.js";
import { spawnWorker } from "../../src/transport/spawn-worker.js";

const NODE = { process: { versions: { node: "20.19.0" } } };
const DENO = { Deno: {}, process: { versions: { node: "20.11.1" } }, Worker: class {} };
const BROWSER = { window: {}, Worker: class {}, navigator: { userAgent: "Mozilla/5.0 Chrome/156" } };
const WORKERD = { navigator: { userAgent: "Cloudflare-Workers" } };

describe("the decision", () => {
  it("this process is Node with its built-ins: worker threads, the package's .wasm file", () => {
    expect(hostRuntime()).toEqual({ kind: "node", workers: "worker-thread", defaultIsolation: "worker", wasm: "package-file", requestScopedIsolate: false });
  });

  it("each runtime's global scope", () => {
    const decided = (scope: Record<string, unknown>, nodeBuiltins: boolean) => {
      const { kind, workers, defaultIsolation, wasm } = runtimeFrom(scope, nodeBuiltins);
      return `${kind} ${workers} ${defaultIsolation} ${wasm}`;
    };
    expect(decided(NODE, true)).toBe("node worker-thread worker package-file");
    expect(decided(DENO, true)).toBe("deno web-worker worker package-file");
    expect(decided(BROWSER, false)).toBe("browser web-worker worker url");
    expect(decided({ WorkerGlobalScope: class {}, Worker: class {} }, false)).toBe("browser web-worker worker url");
    expect(decided(WORKERD, false)).toBe("workerd none inline passed-only");
    expect(decided({}, false)).toBe("other none inline url");
    // A bundle made without the node/deno/bun condition (no `node:` modules in it), run there anyway:
    expect(decided(NODE, false)).toBe("node none inline passed-only");
    expect(decided({ ...NODE, Worker: class {} }, false)).toBe("node web-worker worker passed-only");
    expect(decided(DENO, false)).toBe("deno web-worker worker url");
  });

  it("workerd: inline, a smaller memory limit, one live thread, no spare instance", () => {
    const workerd = runtimeFrom(WORKERD, false);
    const resolved = resolveOptions(undefined, workerd);
    expect(resolved.isolation).toBe("inline");
    expect(resolved.engine.memoryLimitBytes).toBe(WORKERD_DEFAULT_MEMORY_LIMIT_BYTES);
    expect(resolved.maxLiveThreads).toBe(WORKERD_DEFAULT_MAX_LIVE_THREADS);
    expect(engineCapabilities(workerd).instancePool.keepSpare).toBe(false);
    expect(engineCapabilities(hostRuntime()).instancePool.keepSpare).toBe(true);
    expect(resolveOptions(undefined).isolation).toBe("worker");
  });

  it("what a runtime cannot do fails with a code that says what to do", async () => {
    await expect(spawnWorker(runtimeFrom(WORKERD, false), { maxStackSizeBytes: 256 * 1024 })).rejects.toMatchObject({ code: "WORKER_FAILED", message: /isolation "inline"/ });
    await expect(compileBuildWasm(RELEASE_BUILD, runtimeFrom(WORKERD, false))).rejects.toMatchObject({ code: "INVALID_OPTIONS", message: /wasmModule/ });
    await expect(compileBuildWasm(RELEASE_BUILD, runtimeFrom(NODE, false))).rejects.toMatchObject({ code: "INVALID_OPTIONS", message: /without the node condition/ });
  });
});

describe("one place", () => {
  const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "generated" || name === "guest" ? [] : files(path); // the guest runs inside QuickJS
      return path.endsWith(".ts") && !path.endsWith(".d.ts") ? [path] : [];
    });
  const code = (file: string) => readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const where = (pattern: RegExp) => files(SRC).filter((file) => pattern.test(code(file))).map((file) => relative(SRC, file)).sort();

  it("only runtime/host-runtime.ts reads the global scope to tell runtimes apart", () => {
    expect(where(/\bnavigator\b|\bWorkerGlobalScope\b|process\??\.versions|\.Deno\b|typeof window\b/)).toEqual(["runtime/host-runtime.ts"]);
  });

  it("the decision is asked for where quickbox starts (options, the worker entry) and otherwise handed on", () => {
    expect(where(/\bhostRuntime\(\)/)).toEqual(["options.ts", "runtime/host-runtime.ts", "runtime/wasm-loading.ts", "worker/entry.ts"]);
    // wasm-loading.ts: only as the default of compileBuildWasm's parameter (tests and scripts call it without one).
    expect(code(join(SRC, "runtime/wasm-loading.ts")).match(/hostRuntime\(\)/g)).toHaveLength(1);
    expect(code(join(SRC, "runtime/wasm-loading.ts"))).toMatch(/runtime: HostRuntime = hostRuntime\(\)/);
  });
});

describe("the published node-host.js, moved away from the package by a bundler", () => {
  const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
  const moved = resolve(fileURLToPath(new URL("../../.test-tmp/", import.meta.url)), `moved-${process.pid}`);
  afterAll(() => rmSync(moved, { recursive: true, force: true }));

  it("reads the package's .wasm and starts the package's worker script (resolved from the working directory)", async () => {
    mkdirSync(moved, { recursive: true });
    cpSync(join(dist, "node-host.js"), join(moved, "node-host.js"));
    const host = (await import(/* @vite-ignore */ join(moved, "node-host.js"))) as typeof import("../../src/runtime/node-host.js");
    expect(Buffer.from(await host.readWasmBytes(null)).equals(readFileSync(join(dist, "quickjs.wasm")))).toBe(true);
    const worker = await host.spawnNodeWorker({ maxStackSizeBytes: 256 * 1024 });
    try {
      expect(realpathSync(worker.url)).toBe(realpathSync(join(dist, "worker.mjs")));
    } finally {
      worker.terminate();
    }
  });
});
