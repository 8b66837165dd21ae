/**
 * One QuickJS WebAssembly instance on a fixed-size memory (initial = maximum): the hard memory
 * cap, and no memory growth (which would detach quickjs-emscripten's cached views).
 * The compiled module is shared; instances never are.
 */
import type { EmscriptenModuleLoader, QuickJSEmscriptenModule, QuickJSFFI } from "quickjs-emscripten-core";
import type { InstanceHostHooks, WasmBuildProfile } from "./wasm-build.js";

export const WASM_PAGE_BYTES = 65536;

/** The emscripten callbacks C calls into; the thread fills them in. */
export interface InstanceCallbacks {
  shouldInterrupt(): boolean;
}

export interface WasmInstance {
  readonly memory: WebAssembly.Memory;
  /** A view of the whole memory; valid for the instance's life because the memory never grows. */
  readonly heapU32: Uint32Array;
  readonly module: QuickJSEmscriptenModule;
  readonly ffi: QuickJSFFI;
}

interface LoadedBuild {
  loader: EmscriptenModuleLoader<QuickJSEmscriptenModule>;
  FFI: new (module: QuickJSEmscriptenModule) => QuickJSFFI;
}

const loadedBuilds = new WeakMap<WasmBuildProfile, Promise<LoadedBuild>>();

function loadBuild(profile: WasmBuildProfile): Promise<LoadedBuild> {
  let loaded = loadedBuilds.get(profile);
  if (!loaded) {
    loaded = (async () => {
      const variant = await profile.loadVariant();
      const [loader, FFI] = await Promise.all([variant.importModuleLoader(), variant.importFFI()]);
      return {
        loader: loader as unknown as EmscriptenModuleLoader<QuickJSEmscriptenModule>,
        FFI: FFI as unknown as LoadedBuild["FFI"],
      };
    })();
    loadedBuilds.set(profile, loaded);
  }
  return loaded;
}

export async function createWasmInstance(
  profile: WasmBuildProfile,
  wasmModule: WebAssembly.Module,
  memoryBytes: number,
  hooks: InstanceHostHooks,
  callbacks: InstanceCallbacks,
): Promise<WasmInstance> {
  const { loader, FFI } = await loadBuild(profile);
  const pages = Math.ceil(memoryBytes / WASM_PAGE_BYTES);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const ignoreOutput = () => {};
  const module = await loader({
    wasmMemory: memory,
    print: ignoreOutput,
    printErr: ignoreOutput,
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      profile.patchImports(imports, memory, hooks);
      WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule));
      return {};
    },
  } as unknown as Parameters<typeof loader>[0]);
  module.type = "sync";
  module.callbacks = {
    shouldInterrupt: () => (callbacks.shouldInterrupt() ? 1 : 0),
    callFunction: () => 0 as never,
    loadModuleSource: () => 0 as never,
    normalizeModule: () => 0 as never,
    freeHostRef: () => {},
  };
  return { memory, heapU32: new Uint32Array(memory.buffer), module, ffi: new FFI(module) };
}
