/**
 * fflate's two synchronous functions, in a module of their own: snapshot-codec.ts imports it on
 * first use, so that fflate's tables are not built at every engine worker's start (and tree-shaking
 * still drops the rest of fflate, which a dynamic import of the package itself would keep).
 */
export { gunzipSync, gzipSync } from "fflate";
