/**
 * Types of `quickbox/wasm` (and `quickbox/quickjs.wasm`): the QuickJS .wasm file. A bundler with a
 * CompiledWasm rule (wrangler) or a wasm loader gives it as a compiled module, the form
 * `createInterpreter({ wasmModule })` takes. Declarations only: nothing here runs.
 */
import type { WasmModule } from "./platform-types.js";

declare const quickjsWasm: WasmModule;
export default quickjsWasm;
