// tsc: a Node CommonJS package's imports (quickbox, quickbox/node, quickbox/wasm) type-check with nodenext (require conditions).
import { typecheck } from "../harness/typecheck.mjs";

export default typecheck;
