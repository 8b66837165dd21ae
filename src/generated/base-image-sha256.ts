// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "69aa7fc2ed0e5afb16023dccad0cc6358163dfce1cd74df9d3a73aecdb4fea3d";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "6301aab04f3fe4bf25e02a9d3dddddbab9f8be5fb49778b1e5efe7b3778eae84";
