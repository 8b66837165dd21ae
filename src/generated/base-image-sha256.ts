// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "b360eb933d45350ad9dbea0d072d0e7ed900baa409a7534025111f8d1a437e35";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "33e91e0fe9cc3d6230635845f7b48ec9f0401c16df5928f98a5ddc15239d5d51";
