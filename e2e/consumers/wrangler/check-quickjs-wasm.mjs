// The same, importing quickbox/quickjs.wasm instead of quickbox/wasm (README's "Bundling" note: both work;
// a path ending in .wasm, so wrangler's default CompiledWasm rule applies to it directly).
import { wranglerFlow } from "./check-flow.mjs";

export default (t) => wranglerFlow(t, { wasmImport: "quickbox/quickjs.wasm" });
