/**
 * The playground (vite.demo.config.ts) gets the .wasm the package ships, with the base image
 * inside (scripts/seeded-wasm.ts), instead of QuickJS's own: it then starts as fast as an app on
 * the package does. Replaces the one import that names the .wasm (src/runtime/web-assets.ts): in
 * `vite build` the bytes are emitted as an asset, under the dev server they are served from
 * memory. Built once per server or build; a stale one (the prelude changed since) is refused by
 * the engine, which then builds its image as before.
 */
import type { Plugin } from "vite";
import { loadSeededWasm } from "./load-seeded-wasm.js";

const WASM_URL_IMPORT = "@jitl/quickjs-wasmfile-release-sync/wasm?url";
const VIRTUAL_ID = "\0quickbox-seeded-wasm-url";
const DEV_PATH = "/@quickbox/quickjs.wasm";

export function seededWasm(): Plugin {
  let bytes: Promise<Uint8Array> | null = null;
  let building = false;
  const seeded = () =>
    (bytes ??= loadSeededWasm().then(({ wasm, problem }) => {
      if (problem) console.warn(`[quickbox-seeded-wasm] ${problem}`);
      return wasm;
    }));
  return {
    name: "quickbox-seeded-wasm",
    enforce: "pre",
    configResolved(config) {
      building = config.command === "build";
    },
    resolveId(source) {
      return source === WASM_URL_IMPORT ? VIRTUAL_ID : null;
    },
    async load(id) {
      if (id !== VIRTUAL_ID) return null;
      if (!building) return `export default ${JSON.stringify(DEV_PATH)};`;
      const reference = this.emitFile({ type: "asset", name: "quickjs.wasm", source: await seeded() });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response, next) => {
        seeded().then((wasm) => {
          response.setHeader("Content-Type", "application/wasm");
          response.end(wasm);
        }, next);
      });
    },
  };
}
