// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "ee26e6f3526cf5819f4d073e92fc0024950998f6f2a16649373711183949c9a6";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "94cb887a8dc8b9491111683ac4dacc313e448abaf0d8cf5da8ada761baa0588b";
