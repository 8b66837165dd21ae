// Next.js 16 built with webpack (`next build --webpack`), no next.config: the same app and checks
// as check.mjs. webpack bundles quickbox into the server's route handlers (no
// serverExternalPackages): the worker_thread's script and the .wasm must still be found there.
import { nextFlow } from "./check.mjs";

export default (t) => nextFlow(t, { buildArgs: ["--webpack"] });
