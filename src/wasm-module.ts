/**
 * Types of `quickbox/wasm` (and `quickbox/quickjs.wasm`): the QuickJS .wasm file. A bundler with a
 * CompiledWasm rule (wrangler) or a wasm loader gives it as a compiled module, the form
 * `createInterpreter({ wasmModule })` takes. Declarations only: nothing here runs.
 */
declare const quickjsWasm: WebAssembly.Module;
export default quickjsWasm;
