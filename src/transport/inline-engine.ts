/**
 * isolation "inline": the engine on this thread. Loaded by a dynamic import from interpreter.ts,
 * so that an application using the default worker isolation never bundles the engine into its
 * main chunk.
 */
import { createEngine } from "../core/engine-bootstrap.js";
import type { EngineOptions, GuestManifest } from "../engine-contract.js";
import { engineCapabilities, type HostRuntime } from "../runtime/host-runtime.js";
import { defaultWasmModule } from "../runtime/wasm-loading.js";
import { InlineClient } from "./inline-client.js";

export async function createInlineClient(
  options: EngineOptions,
  manifest: GuestManifest,
  wasmModule: WebAssembly.Module | undefined,
  runtime: HostRuntime,
): Promise<InlineClient> {
  const compiled = wasmModule ?? (await defaultWasmModule(runtime));
  return new InlineClient((await createEngine(options, manifest, compiled, engineCapabilities(runtime))).core);
}
