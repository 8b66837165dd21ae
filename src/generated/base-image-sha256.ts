// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "e0bd242c794082ce19c4fccc569ec28db473e86ec5300b6030afda8e67ce7f7f";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "c33c540958c7b60ca388581a7a53425968e42881e8244e4014c4cf8f461c1174";
