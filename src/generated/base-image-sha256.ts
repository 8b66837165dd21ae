// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "fadfeb0fdfbcff251e06768f7c02daca5897c879fdd99c5e0f6796c9ed2f8d72";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "74ba23bd529e5a20745aaef6e27d050f4ce6265253eb72d11e4017abf4b3580d";
