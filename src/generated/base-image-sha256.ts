// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "a8574acfec4e4c5d055b1819219b8cb436523aa24da3eb9cf96d1f5be9f37fb4";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "eae8b03b687a9640f2145de1b0f77392967c5ab70c73f7a89c80ef4bd18cedd9";
