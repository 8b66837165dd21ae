// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "29ed6141f7d9299261f3435f510c23d3cdf8a93f3b6a45e9829e9d15e97fedd1";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "8ac1be5307e77b459e8b521ca7ceb72349fb64e962dbb023ac024f5ddce2aac1";
