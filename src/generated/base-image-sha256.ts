// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "63428d43cc1828671cc0b7c23aefa4e4e418ea600b7d697491f3f781e7bffe32";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "76ca89617df37b0d26dd01c85b41e34b85ebf7f8419f6789d0285d7cc37f9884";
