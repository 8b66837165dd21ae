/**
 * Builds the engine side (base image, instance pool, InterpreterCore) wherever it runs: inline or
 * in a worker. The runtime's capabilities and the compiled wasm module are decided in src/runtime/
 * and passed in.
 */
import type { EngineOptions, GuestManifest } from "../engine-contract.js";
import { getBaseImage, type BaseImage, type BaseImageSeed } from "../engine/base-image.js";
import { InstancePool } from "../engine/instance-pool.js";
import { RELEASE_BUILD } from "../engine/wasm-build.js";
import type { EngineCapabilities } from "../runtime/host-runtime.js";
import { aesKey, hmacKey, type SnapshotKeys } from "../snapshot/snapshot-keys.js";
import { InterpreterCore } from "./interpreter-core.js";

async function snapshotKeys(options: EngineOptions): Promise<SnapshotKeys> {
  return {
    ...(options.snapshotSigningKey !== undefined ? { signing: await hmacKey(options.snapshotSigningKey) } : {}),
    ...(options.encryptionKey !== undefined ? { encryption: await aesKey(options.encryptionKey) } : {}),
  };
}

export interface CreatedEngine {
  core: InterpreterCore;
  /** The base image, to hand to the next worker (`imageSeed`) so that it skips building one. */
  image: BaseImage;
}

export async function createEngine(
  options: EngineOptions,
  manifest: GuestManifest,
  wasmModule: WebAssembly.Module,
  capabilities: EngineCapabilities,
  imageSeed?: BaseImageSeed,
): Promise<CreatedEngine> {
  const image = await getBaseImage(RELEASE_BUILD, wasmModule, imageSeed, options.memoryLimitBytes);
  const keys = await snapshotKeys(options);
  const instances = InstancePool.shared(image, capabilities.instancePool);
  // The first thread's instance: the one the image was just written into, else one that boots
  // while the engine's creator receives it and sends the first eval.
  const made = image.takeInstance(options.memoryLimitBytes);
  if (made) instances.adopt(made);
  else instances.prepare(options.memoryLimitBytes);
  return { core: new InterpreterCore(options, manifest, image, keys, instances), image };
}
