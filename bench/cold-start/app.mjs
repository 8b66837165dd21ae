/**
 * The cold-start app (quickbox.html against a build of the package, raw.html against
 * quickjs-emscripten alone), built with vite and served; shared by cold-start.mjs and
 * cold-start-trace.mjs.
 */
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build, preview } from "vite";

// As in vite.config.ts and TOOLCHAIN.md: Debian's Chromium, no background networking. And no
// top-chrome WebUI preloading: headless Chromium otherwise loads the omnibox popup's WebUI (~140
// requests, a renderer process of its own) for every new context, while the page starts — a
// browser's own UI that a page opened in a running browser does not pay for (bench/cold-start-trace.mjs
// showed it: worker start and the .wasm's arrival then wait on the browser process).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup",
];

/** The app sees quickbox as an installed package whose files are `dist` (and the package.json beside it). */
/** `minify: false` (cold-start-trace.mjs --names): the profile names the bundle's own functions. */
export async function buildApp(repo, dist, index, { minify = true } = {}) {
  const app = fileURLToPath(new URL("./", import.meta.url));
  const outDir = `${repo}test-results/cold-start-dist${index ? `-${index}` : ""}/`;
  const packageDir = `${repo}test-results/cold-start-package/`;
  rmSync(packageDir, { recursive: true, force: true });
  mkdirSync(packageDir, { recursive: true });
  // The package.json that goes with the build (another checkout's, for a before/after figure).
  const distPackageJson = fileURLToPath(new URL("../package.json", `file://${dist}/`));
  symlinkSync(existsSync(distPackageJson) ? distPackageJson : `${repo}package.json`, `${packageDir}package.json`);
  symlinkSync(dist, `${packageDir}dist`, "dir");
  symlinkSync(`${repo}node_modules`, `${packageDir}node_modules`, "dir");
  rmSync(`${app}node_modules`, { recursive: true, force: true });
  mkdirSync(`${app}node_modules/@jitl`, { recursive: true });
  symlinkSync(packageDir, `${app}node_modules/quickbox`, "dir");
  symlinkSync(`${repo}node_modules/quickjs-emscripten-core`, `${app}node_modules/quickjs-emscripten-core`, "dir");
  symlinkSync(`${repo}node_modules/@jitl/quickjs-wasmfile-release-sync`, `${app}node_modules/@jitl/quickjs-wasmfile-release-sync`, "dir");
  try {
    await build({
      root: app,
      logLevel: "warn",
      configFile: false,
      build: { outDir, emptyOutDir: true, target: "es2022", minify, rollupOptions: { input: { quickbox: `${app}quickbox.html`, raw: `${app}raw.html` } } },
    });
  } finally {
    rmSync(`${app}node_modules`, { recursive: true, force: true });
  }
  return preview({ root: app, configFile: false, logLevel: "warn", build: { outDir }, preview: { port: 0, host: "127.0.0.1" } });
}
