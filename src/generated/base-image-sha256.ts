// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "5aceca53a183e199ed6bd0b28f9b596758cea519ed9bc5aacd4c7d9b77026790";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "c0aed88d675410d39bf121b3d19af5b79a95753a1d3063d8767869f53d47f0d9";
