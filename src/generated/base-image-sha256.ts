// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "2c06fbca246dcea8eb1c1fc130b97086f5f625c69b513b768e5fa2ba66476a6d";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "6ed5bf3f51d0405164fef0effb9a9fd2336e42a57077e6a1cadafff01d076ee8";
