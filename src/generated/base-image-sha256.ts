// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "1b4916b26fe81d2745b6aff4293dea85dc23caa812dec4a8a60472bb14325abc";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "357259c5bf8c1a7085f42de3dead71ba0fa2f8995b90914ee9038bd241abd475";
