// tsc: a bundled web app's imports (quickbox, quickbox/idb, quickbox/wasm) type-check with moduleResolution bundler, strict, without skipLibCheck.
import { typecheck } from "../harness/typecheck.mjs";

export default typecheck;
