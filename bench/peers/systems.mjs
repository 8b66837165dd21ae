// One adapter per system under test, all with the same shape, so every workload runs the same
// guest program everywhere:
//
//   const system = await SYSTEMS.quickboxInline.create({ tool, ...options });
//   const session = await system.open();          // a sandbox / thread / session
//   await session.run({ expr: "1+1" });           // → 2 (the expression's value, host-side)
//   await session.run({ expr: "(async () => …)()", async: true });
//   await session.close(); await system.dispose();
//
// `tool(input)` is the host function the guest calls as `tools.noop(input)`; it returns a value
// (langchain's tools return text, so guest programs always wrap results in Number()).
// Peers are loaded from bench/node_modules (npm install --prefix bench); quickbox from ../../dist.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const resolveFrom = (specifier) => require.resolve(specifier);
export const versionOf = (name) => {
  try {
    // Walk up from this folder: bench/node_modules first, then the root node_modules.
    const path = require.resolve(`${name}/package.json`);
    return JSON.parse(readFileSync(path, "utf8")).version;
  } catch {
    for (const base of [new URL("../node_modules/", import.meta.url), new URL("../../node_modules/", import.meta.url)]) {
      try { return JSON.parse(readFileSync(new URL(`${name}/package.json`, base), "utf8")).version; } catch { /* next */ }
    }
    return "?";
  }
};

let bellardModule; // compiled once per process: the release-sync build quickbox ships
export async function bellardWasm() {
  bellardModule ??= await WebAssembly.compile(readFileSync(resolveFrom("@jitl/quickjs-wasmfile-release-sync/wasm")));
  return bellardModule;
}
let wasiModule;
async function wasiWasm() {
  wasiModule ??= await WebAssembly.compile(readFileSync(resolveFrom("quickjs-wasi/quickjs.wasm")));
  return wasiModule;
}

const defaultTool = (input) => input.i;
let sessionCounter = 0;
const nextId = (prefix) => `${prefix}-${process.pid}-${sessionCounter++}`;

// ---------------------------------------------------------------------------------------------
// Raw quickjs-emscripten 0.32.0, Bellard release-sync: one wasm instance + one context per session
// (the isolation quickbox gives each thread), evalCode + dump, async host functions via newPromise.
async function createRaw({ tool = defaultTool } = {}) {
  const { newQuickJSWASMModuleFromVariant, newVariant } = await import("quickjs-emscripten-core");
  const RELEASE_SYNC = (await import("@jitl/quickjs-wasmfile-release-sync")).default;
  const wasmModule = await bellardWasm();
  const toHandle = (ctx, value) => (typeof value === "number" ? ctx.newNumber(value) : typeof value === "string" ? ctx.newString(value) : ctx.undefined);
  return {
    async open() {
      const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }));
      const ctx = module.newContext();
      const tools = ctx.newObject();
      const noop = ctx.newFunction("noop", (argHandle) => {
        const input = ctx.dump(argHandle);
        const deferred = ctx.newPromise();
        Promise.resolve(tool(input)).then((value) => {
          const handle = toHandle(ctx, value);
          deferred.resolve(handle);
          handle.dispose();
          ctx.runtime.executePendingJobs();
        });
        return deferred.handle;
      });
      ctx.setProp(tools, "noop", noop);
      ctx.setProp(ctx.global, "tools", tools);
      noop.dispose();
      tools.dispose();
      return {
        run({ expr, async }) {
          const handle = ctx.unwrapResult(ctx.evalCode(expr));
          if (!async) {
            const value = ctx.dump(handle);
            handle.dispose();
            return value;
          }
          const settled = ctx.resolvePromise(handle);
          handle.dispose();
          ctx.runtime.executePendingJobs();
          return settled.then((result) => {
            const valueHandle = ctx.unwrapResult(result);
            const value = ctx.dump(valueHandle);
            valueHandle.dispose();
            return value;
          });
        },
        async close() { ctx.dispose(); },
      };
    },
    async dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------
// quickbox (built package), inline or worker isolation: a session is a thread of one interpreter.
async function createQuickbox({ isolation, tool = defaultTool, workers, maxLiveThreads, store } = {}) {
  // QB_DIST=/path/to/dist/index.js measures another build (a before/after in one sitting).
  const { createInterpreter } = await import(process.env.QB_DIST ?? "../../dist/index.js");
  const qb = await createInterpreter({
    isolation,
    wasmModule: await bellardWasm(),
    tools: [{ name: "noop", description: "Returns its input's i.", execute: (input) => tool(input) }],
    maxToolCalls: 256,
    ...(workers ? { workers } : {}),
    ...(maxLiveThreads ? { maxLiveThreads } : {}),
    ...(store ? { store } : {}),
  });
  await qb.eval("1");
  return {
    interpreter: qb,
    async open(threadId = nextId("t")) {
      return {
        threadId,
        async run({ expr }) {
          const result = await qb.eval(expr, { threadId });
          if (result.status !== "ok") throw new Error(`quickbox ${result.status}: ${result.error?.type}: ${result.error?.message}`);
          return result.value;
        },
        async close() { await qb.reset(threadId); },
      };
    },
    async dispose() { await qb.dispose(); },
  };
}

// ---------------------------------------------------------------------------------------------
// @langchain/quickjs: its ReplSession API (no model, no agent). Sessions share one quickjs-ng
// asyncify module and one global eval queue; tools are LangChain tools exposed as tools.<name>.
async function createLangchain({ tool = defaultTool, noTools = false } = {}) {
  const { ReplSession } = await import("@langchain/quickjs");
  const { tool: lcTool } = await import("@langchain/core/tools");
  const { z } = await import("zod");
  const noop = lcTool(async (input) => String(await tool(input)), { name: "noop", description: "Returns its input's i.", schema: z.object({ i: z.number() }) });
  return {
    async open() {
      const session = new ReplSession(nextId("lc"), { tools: noTools ? [] : [noop], maxPtcCalls: 256, captureConsole: false });
      return {
        async run({ expr }) {
          const result = await session.eval(expr, 30_000);
          if (!result.ok) throw new Error(`@langchain/quickjs: ${result.error?.name}: ${result.error?.message}`);
          return result.value;
        },
        async close() { session.dispose(); },
      };
    },
    async dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------
// @sebastianwessel/quickjs: loadQuickJs(variant) once, then runSandboxed(fn) per sandbox; the
// sandbox lives while fn runs, so a session is a runSandboxed call held open until close().
// Each evalCode is an ES module: the value is its default export. Host functions come in `env`.
async function createSebastian({ tool = defaultTool } = {}) {
  const { loadQuickJs } = await import("@sebastianwessel/quickjs");
  const variant = (await import("@jitl/quickjs-ng-wasmfile-release-sync")).default;
  const { runSandboxed } = await loadQuickJs(variant);
  const options = { env: { tools: { noop: (input) => Promise.resolve(tool(input)) } }, executionTimeout: 0 };
  return {
    async open() {
      let release;
      const gate = new Promise((resolve) => { release = resolve; });
      const ready = new Promise((resolve, reject) => {
        runSandboxed(async ({ evalCode }) => { resolve(evalCode); await gate; }, options).catch(reject);
      });
      const evalCode = await ready;
      return {
        async run({ expr, async }) {
          const source = `const tools = env.tools;\nexport default ${async ? "await " : ""}(${expr});`;
          const result = await evalCode(source);
          if (!result.ok) throw new Error(`@sebastianwessel/quickjs: ${result.error?.name}: ${result.error?.message}`);
          return result.data;
        },
        async close() { release(); await new Promise((resolve) => setImmediate(resolve)); },
      };
    },
    async dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------
// Vercel's `run` (npm "run", github vercel-labs/run): every run() is a fresh QuickJS context in a
// pooled worker thread; no state survives between runs, so "open" is a no-op.
async function createRun({ tool = defaultTool } = {}) {
  const { createRunner } = await import("run");
  const runner = createRunner({});
  const hostFunctions = { tools: { noop: (input) => tool(input) } };
  return {
    async open() {
      return {
        async run({ expr, async }) {
          const result = await runner.run({ source: `return ${async ? "await " : ""}(${expr});`, hostFunctions });
          if (result.status !== "completed") throw new Error(`run: ${result.status}`);
          return result.value;
        },
        async close() {},
      };
    },
    async dispose() {},
  };
}

// ---------------------------------------------------------------------------------------------
// quickjs-wasi (vercel-labs): QuickJS-NG on WASI; one VM per session; snapshot/restore.
async function createWasi({ tool = defaultTool } = {}) {
  const { QuickJS } = await import("quickjs-wasi");
  const wasm = await wasiWasm();
  const install = (vm) => {
    const noop = vm.newFunction("noop", (argHandle) => {
      const input = vm.dump(argHandle);
      const deferred = vm.newPromise();
      Promise.resolve(tool(input)).then((value) => {
        const handle = vm.hostToHandle(value);
        deferred.resolve(handle);
        handle.dispose();
        vm.executePendingJobs();
      });
      return deferred.handle;
    });
    const tools = vm.newObject();
    vm.setProp(tools, "noop", noop);
    vm.setProp(vm.global, "tools", tools);
    noop.dispose();
    tools.dispose();
  };
  const wrap = (vm) => ({
    vm,
    run({ expr, async }) {
      const handle = vm.evalCode(expr);
      if (!async) {
        const value = vm.dump(handle);
        handle.dispose();
        return value;
      }
      const settled = vm.resolvePromise(handle);
      vm.executePendingJobs();
      return settled.then((result) => {
        handle.dispose();
        if ("error" in result) {
          const error = vm.dump(result.error);
          result.error.dispose();
          throw new Error(`quickjs-wasi: ${error?.message ?? error}`);
        }
        const value = vm.dump(result.value);
        result.value.dispose();
        return value;
      });
    },
    async close() { vm.dispose(); },
  });
  return {
    QuickJS,
    wasm,
    async open() {
      const vm = await QuickJS.create({ wasm });
      install(vm);
      return wrap(vm);
    },
    /** Restores a serialized snapshot into a new VM (host callbacks re-registered by name). */
    async restore(bytes) {
      const vm = await QuickJS.restore(QuickJS.deserializeSnapshot(bytes), { wasm });
      vm.registerHostCallback("noop", (argHandle) => {
        const input = vm.dump(argHandle);
        const deferred = vm.newPromise();
        Promise.resolve(tool(input)).then((value) => {
          const handle = vm.hostToHandle(value);
          deferred.resolve(handle);
          handle.dispose();
          vm.executePendingJobs();
        });
        return deferred.handle;
      });
      return wrap(vm);
    },
    async dispose() {},
  };
}

export const SYSTEMS = {
  raw: { label: "raw quickjs-emscripten (in-thread)", package: "quickjs-emscripten-core", create: createRaw },
  quickboxInline: { label: "quickbox inline", package: null, create: (options) => createQuickbox({ ...options, isolation: "inline" }) },
  quickboxWorker: { label: "quickbox worker", package: null, create: (options) => createQuickbox({ ...options, isolation: "worker" }) },
  langchain: { label: "@langchain/quickjs (ReplSession)", package: "@langchain/quickjs", create: createLangchain },
  sebastian: { label: "@sebastianwessel/quickjs", package: "@sebastianwessel/quickjs", create: createSebastian },
  run: { label: "run (vercel-labs)", package: "run", create: createRun },
  wasi: { label: "quickjs-wasi", package: "quickjs-wasi", create: createWasi },
};
export const SYSTEM_KEYS = Object.keys(SYSTEMS);
