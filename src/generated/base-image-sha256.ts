// Written by test/node/base-image.test.ts (`npm run update:base-image`); Chromium's test checks the same. Do not edit.
/** sha256 of the base image this source builds: its identity in snapshots and seeds. */
export const BASE_IMAGE_SHA256 = "bde1c15010b010e4907a6834bc3673cd524b4199b87142d3f847281ff39b6f3d";
/** sha256 of the seed section the build appends to dist/quickjs.wasm: an embedded seed is used only when it is this one. */
export const BASE_IMAGE_SEED_SHA256 = "3b195d3370531c9f4717875141c2f6967b3a3755425b05f191776fed9bcd7aba";
