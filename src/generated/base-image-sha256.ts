// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "0f56a6b1ddb9723a701c309d0bb513cf3ff2866618d28e9428ded9c777e019d0";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "53d45c6b3b3106469eb089c2b8eef0624dbb8f2c2d5438a3d521341cd0d95912";
