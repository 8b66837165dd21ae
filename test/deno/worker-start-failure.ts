/**
 * Run with read access denied to dist/worker.mjs: the engine worker's script cannot load. createInterpreter must fail
 * with WORKER_FAILED (not hang, not end the process). Prints the outcome as JSON.
 */
import { createInterpreter, isQuickboxError } from "./built-package.js";

try {
  const qb = await createInterpreter();
  await qb.dispose();
  console.log(JSON.stringify({ outcome: "started" }));
} catch (error) {
  console.log(JSON.stringify({ outcome: "failed", code: isQuickboxError(error) ? error.code : null, message: String((error as Error).message) }));
}
