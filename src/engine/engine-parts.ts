/**
 * The engine's two large parts that a first result never needs, loaded on first use: sucrase (the
 * first TypeScript cell or skill file) and the guest prelude's core (only where no base image
 * seed serves: a module without quickbox's section, see embedded-seed.ts). Here, in the library
 * and in src/, they are chunks of their own. The worker build swaps this module
 * (scripts/vite-plugin-library-assets.ts): there they are files beside dist/worker.mjs
 * (worker-typescript.mjs, worker-prelude.mjs), imported by URL, so that a bundler that rebuilds
 * the worker into one script (Vite's default) copies them instead of putting them back into it.
 */
export type TypeScriptParser = typeof import("./sucrase-transform.js");

export function loadTypeScriptParser(): Promise<TypeScriptParser> {
  return import("./sucrase-transform.js");
}

/** The core prelude's pieces (the chunks threads load on first use are in the worker itself). */
export type PreludeModule = typeof import("../generated/guest-prelude.js");

export function loadPrelude(): Promise<PreludeModule> {
  return import("../generated/guest-prelude.js");
}
