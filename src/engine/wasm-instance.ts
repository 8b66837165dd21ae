/**
 * One QuickJS WebAssembly instance on a fixed-size memory (initial = maximum): the hard memory
 * cap, and no memory growth (which would detach quickjs-emscripten's cached views).
 * The compiled module is shared; instances never are.
 */
import type { EmscriptenModuleLoader, JSValueConstPointer, QuickJSEmscriptenModule, QuickJSFFI } from "quickjs-emscripten-core";
import type { InstanceHostHooks, WasmBuildProfile } from "./wasm-build.js";
import { callHostFunction } from "./host-functions.js";

export const WASM_PAGE_BYTES = 65536;

/** The emscripten callbacks C calls into; the thread fills them in. */
export interface InstanceCallbacks {
  shouldInterrupt(): boolean;
  /** Module loading (see engine/module-loader.ts); both return module text, never fail. */
  normalizeModule?(base: string, requested: string): string;
  loadModuleSource?(name: string): string;
  /** A message from the guest's stream function (progress(), console streaming); null if unreadable. */
  onStream?(message: string | null): void;
  /** The Intl bridge's answer to a (size-checked) request; default: the host's Intl, unjournaled. */
  answerIntl?(request: string): string;
  /** The error bridge: a request (error-bridge-protocol.ts) → V8's message, or "". */
  describeErrorSite?(request: string): string;
  /** The chunk bridge (chunk-bridge-protocol.ts): the chunk's exports as a value pointer, or 0. */
  loadChunk?(name: string, link: JSValueConstPointer): number;
}

export interface WasmInstance {
  readonly memory: WebAssembly.Memory;
  /** A view of the whole memory; valid for the instance's life because the memory never grows. */
  readonly heapU32: Uint32Array;
  readonly module: QuickJSEmscriptenModule;
  readonly ffi: QuickJSFFI;
  /** The shadow stack pointer now, or null when the build profile does not name its export. */
  stackPointer(): number | null;
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

/** Late-bound host hooks: an instance can be made before the thread that adopts it exists. */
export interface InstanceBindings {
  hooks: InstanceHostHooks;
  callbacks: InstanceCallbacks;
}

/** Bindings of an instance no thread has adopted. */
export function unboundBindings(): InstanceBindings {
  return {
    hooks: { nowMs: () => 0, onHeapExhausted: () => {} },
    callbacks: { shouldInterrupt: () => false },
  };
}

export interface BoundWasmInstance extends WasmInstance {
  bindings: InstanceBindings;
}

function instantiate(wasmModule: WebAssembly.Module, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> {
  try {
    // Synchronous instantiation skips a task hop; the module is small enough everywhere.
    return Promise.resolve(new WebAssembly.Instance(wasmModule, imports));
  } catch {
    return WebAssembly.instantiate(wasmModule, imports);
  }
}

export async function createWasmInstance(
  profile: WasmBuildProfile,
  wasmModule: WebAssembly.Module,
  memoryBytes: number,
  bindings: InstanceBindings = unboundBindings(),
): Promise<BoundWasmInstance> {
  const { loader, FFI } = await loadBuild(profile);
  const pages = Math.ceil(memoryBytes / WASM_PAGE_BYTES);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const ignoreOutput = () => {};
  let exports: WebAssembly.Exports | null = null;
  const hooks: InstanceHostHooks = {
    nowMs: () => instance.bindings.hooks.nowMs(),
    onHeapExhausted: () => instance.bindings.hooks.onHeapExhausted(),
  };
  const module = await loader({
    wasmMemory: memory,
    print: ignoreOutput,
    printErr: ignoreOutput,
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      profile.patchImports(imports, memory, hooks);
      instantiate(wasmModule, imports).then((created) => {
        exports = created.exports;
        receive(created, wasmModule);
      });
      return {};
    },
  } as unknown as Parameters<typeof loader>[0]);
  module.type = "sync";
  /** A C string QuickJS takes ownership of (and frees); 0 if the heap is full. */
  const cString = (text: string): number => {
    const length = module.lengthBytesUTF8(text) + 1;
    const pointer = module._malloc(length);
    if (pointer) module.stringToUTF8(text, pointer as never, length);
    return pointer;
  };
  module.callbacks = {
    shouldInterrupt: () => (instance.bindings.callbacks.shouldInterrupt() ? 1 : 0),
    // Guest functions the host implements (the Intl and error bridges, the stream), keyed by their host reference id.
    callFunction: ((_asyncify: unknown, ctx: number, _this: number, argc: number, argv: number, id: number) =>
      callHostFunction(instance, ctx as never, argc, argv, id)) as never,
    loadModuleSource: ((_asyncify: unknown, _rt: number, _ctx: number, name: string) =>
      cString(instance.bindings.callbacks.loadModuleSource?.(name) ?? "throw new Error('modules are not available')")) as never,
    normalizeModule: ((_asyncify: unknown, _rt: number, _ctx: number, base: string, requested: string) =>
      cString(instance.bindings.callbacks.normalizeModule?.(base, requested) ?? requested)) as never,
    freeHostRef: () => {},
  };
  const stackPointerExport = profile.shadowStack ? exports?.[profile.shadowStack.stackPointerExport] : undefined;
  const stackPointer = typeof stackPointerExport === "function" ? () => Number((stackPointerExport as () => number)()) : () => null;
  const instance: BoundWasmInstance = { memory, heapU32: new Uint32Array(memory.buffer), module, ffi: new FFI(module), bindings, stackPointer };
  return instance;
}
