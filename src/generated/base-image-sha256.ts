// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "516c534c9da4293b3f6d5511501c68d97e515f501ff4eae13780c596bb1cbd78";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "9f2e2efc7290458d22316ed7e2992bee8835683257615d946b833278ba5e2d14";
