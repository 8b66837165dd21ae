// Engine benchmark (issue "Foundation"): quickbox's engine (built package, inline) against raw
// quickjs-emscripten in the same process and run. Prints medians and ratios; writes JSON.
// Run: npm run bench:engine (QB_DIST=/path/to/dist/index.js for another build)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import RELEASE_SYNC from "@jitl/quickjs-wasmfile-release-sync";
import { printTable, sample } from "./stats.mjs";
// QB_DIST=/path/to/dist/index.js measures another build (a before/after in one sitting).
const { createInterpreter } = await import(process.env.QB_DIST ? pathToFileURL(process.env.QB_DIST).href : new URL("../dist/index.js", import.meta.url).href);

const require = createRequire(import.meta.url);
const wasmModule = await WebAssembly.compile(readFileSync(require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm")));
const LOOP = "(() => { let s = 0; for (let i = 0; i < 1000; i++) s += i; return s })()";

// Raw quickjs-emscripten: one module, one context, evalCode + dump + dispose.
const rawModule = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }));
const rawContext = rawModule.newContext();
const rawEval = (code) => {
  const result = rawContext.evalCode(code);
  const handle = rawContext.unwrapResult(result);
  rawContext.dump(handle);
  handle.dispose();
};

// Inline, as the header says: the worker's round trip is worker.mjs's subject.
const qb = await createInterpreter({ wasmModule, isolation: "inline" });
await qb.eval("1");
let threadNumber = 0;

const rows = [
  {
    name: "warm eval 1+1",
    quickbox: await sample(() => qb.eval("1+1"), { samples: 2000, warmup: 200 }),
    baseline: await sample(() => rawEval("1+1"), { samples: 2000, warmup: 200 }),
  },
  {
    name: "1,000-iteration loop",
    quickbox: await sample(() => qb.eval(LOOP), { samples: 500 }),
    baseline: await sample(() => rawEval(LOOP), { samples: 500 }),
  },
  {
    name: "new thread + first eval, spare instance ready (vs new raw instance + context + eval)",
    quickbox: await sample(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 10)); // idle time lets the pool prepare a spare
        const threadId = `t${threadNumber++}`;
        const start = performance.now();
        await qb.eval("1+1", { threadId });
        const elapsed = performance.now() - start;
        await qb.reset(threadId);
        return elapsed;
      },
      { samples: 200, measured: true },
    ),
    baseline: await sample(
      async () => {
        const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }));
        const context = module.newContext();
        const handle = context.unwrapResult(context.evalCode("1+1"));
        context.dump(handle);
        handle.dispose();
        context.dispose();
      },
      { samples: 200 },
    ),
    target: "≤ 2 ms (DESIGN §8)",
  },
  {
    name: "new thread + first eval, back to back (pool drained)",
    quickbox: await sample(
      async () => {
        const threadId = `t${threadNumber++}`;
        const start = performance.now();
        await qb.eval("1+1", { threadId });
        const elapsed = performance.now() - start;
        await qb.reset(threadId);
        return elapsed;
      },
      { samples: 200, measured: true },
    ),
    baseline: await sample(
      async () => {
        const module = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule }));
        const context = module.newContext();
        const handle = context.unwrapResult(context.evalCode("1+1"));
        context.dump(handle);
        handle.dispose();
        context.dispose();
      },
      { samples: 200 },
    ),
    target: "≤ 2 ms (DESIGN §8)",
  },
  {
    name: "new raw context in a shared instance (no isolation; reference only)",
    quickbox: await sample(
      () => {
        const context = rawModule.newContext();
        context.dispose();
      },
      { samples: 500 },
    ),
  },
];
await qb.dispose();

printTable(`quickbox engine vs raw quickjs-emscripten — Node ${process.version}, ${new Date().toISOString()}`, rows);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/engine.json", import.meta.url), JSON.stringify({ node: process.version, date: new Date().toISOString(), rows }, null, 2));
