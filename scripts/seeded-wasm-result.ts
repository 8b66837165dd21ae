// The library build's entry into scripts/seeded-wasm.ts: vite's runnerImport closes its module
// runner once the import resolves, so the whole build (which loads modules lazily) happens here.
import { seededReleaseWasm } from "./seeded-wasm.js";

export default await seededReleaseWasm();
