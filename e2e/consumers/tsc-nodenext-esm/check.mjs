// tsc: a Node ESM package's imports (quickbox, quickbox/node, quickbox/wasm) type-check with nodenext.
import { typecheck } from "../harness/typecheck.mjs";

export default typecheck;
