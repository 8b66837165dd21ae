// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "18063cb0e6c34249db0b644ff87e79443d3b151677ef432b6b07d06bd02e7236";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "bb49d5205e03806e0d2276df8b276cca15e1759c116e46cefc2ef345599b500a";
