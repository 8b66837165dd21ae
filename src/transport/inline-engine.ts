/**
 * isolation "inline": the engine on this thread. Loaded by a dynamic import from interpreter.ts,
 * so that an application using the default worker isolation never bundles the engine into its
 * main chunk.
 */
import { createEngine } from "../core/engine-bootstrap.js";
import type { EngineOptions, GuestManifest } from "../engine-contract.js";
import { InlineClient } from "./inline-client.js";

export async function createInlineClient(options: EngineOptions, manifest: GuestManifest, wasmModule: WebAssembly.Module | undefined): Promise<InlineClient> {
  return new InlineClient((await createEngine(options, manifest, wasmModule)).core);
}
