// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "5e7d10689ba6913493de65220476a5633af697daedcb38ee8dbbcde3286b578b";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "070231490e6ca61ccdf502980c5d6ee829d03839d2235262152d656cb41d87fc";
