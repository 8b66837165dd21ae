// The same, with the one change README's "Bundling" note asks of wrangler users: import
// quickbox/quickjs.wasm (a path ending in .wasm, so wrangler's CompiledWasm rule applies).
import { wranglerFlow } from "./check-flow.mjs";

export default (t) => wranglerFlow(t, { wasmImport: "quickbox/quickjs.wasm" });
