// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "2498e9c73fda240a3091036175ed7249a036927320a5112033e3ec0cd03f23e8";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "c035b44ca824a5912239129017f3169599b9ce8478aaa5151d2a7fa927cd68bf";
