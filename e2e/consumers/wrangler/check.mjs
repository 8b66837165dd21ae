// wrangler 4 with README's Cloudflare Worker example and wrangler.jsonc exactly as README gives
// them (the example imports quickbox/wasm). See check-flow.mjs for what runs.
import { wranglerFlow } from "./check-flow.mjs";

export default (t) => wranglerFlow(t, { wasmImport: "quickbox/wasm" });
