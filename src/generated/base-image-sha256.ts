// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "c8ec1992e4c0809a487dda1ddc1eb90ea37386842b33e7a3589b05ccc1a0bcf3";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "46e05073c50c9914082add5db2ba7bd91e7c0760f3a6e3bd97eb23a24c8ff347";
