// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "3db22f6ccdf4d75d923c15549cc29be09a71f22638581394a9c82d92f840be4b";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "9f5a9f0238aa7642f78b6193ac277bb2b30a37646082424c55cb6c64c3ce3134";
