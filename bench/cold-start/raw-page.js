// The baseline: what any QuickJS-in-wasm page must do. Fetch and compile the same .wasm, start
// QuickJS (quickjs-emscripten, the same build) on this thread, evalCode("1+1") and dump it.
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import releaseVariant from "@jitl/quickjs-wasmfile-release-sync";
import wasmUrl from "@jitl/quickjs-wasmfile-release-sync/wasm?url";

const moduleStartMs = performance.now();
const wasmModule = await WebAssembly.compileStreaming(fetch(wasmUrl));
const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseVariant, { wasmModule }));
const vm = quickjs.newContext();
const createdMs = performance.now();
const value = vm.dump(vm.unwrapResult(vm.evalCode("1+1")));
const firstResultMs = performance.now();
window.coldStart = { moduleStartMs, createMs: createdMs - moduleStartMs, firstResultMs: firstResultMs - moduleStartMs, text: String(value) };
// The bench listens for this line (a console message: no script of its own runs in the page meanwhile).
console.log(`coldStart ${JSON.stringify(window.coldStart)}`);
