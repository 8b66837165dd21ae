// tsc: a browser-only app's imports (quickbox, quickbox/idb, quickbox/wasm) type-check with lib dom and no Node types installed.
import { typecheck } from "../harness/typecheck.mjs";

export default typecheck;
